// Reading a passport's MRZ (ICAO 9303 TD3) from a photograph of its data page, in the browser:
// find the two lines, then read each character against OCR-B templates, allowing at each place
// only what the format allows there. The text is not checked here: parseTd3 accepts it only
// when every check digit is right.
import { readLine } from './classify.ts';
import { greyOf, otsuThreshold, type RgbaImage } from './image.ts';
import { locateMrz } from './locate.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const ANY = `${LETTERS}${DIGITS}<`;
const NAME = `${LETTERS}<`;

/** What each cell of the two lines may hold (Doc 9303 Part 4, §4.2.2). */
const FIRST_LINE = [LETTERS, ...Array<string>(43).fill(NAME)];
const SECOND_LINE = [
  ...Array<string>(9).fill(ANY), // document number
  DIGITS,
  ...Array<string>(3).fill(NAME), // nationality
  ...Array<string>(7).fill(DIGITS), // birth date and its check digit
  'MF<',
  ...Array<string>(7).fill(DIGITS), // expiry date and its check digit
  ...Array<string>(14).fill(ANY), // personal number
  `${DIGITS}<`,
  DIGITS, // composite check digit
];

/** The two MRZ lines joined by a newline, or undefined when the image shows no MRZ. */
export const readMrzText = (image: RgbaImage): string | undefined => {
  const grey = greyOf(image);
  const threshold = otsuThreshold(grey);
  const place = locateMrz(grey, threshold);
  if (!place) return undefined;
  const [first, second] = place.lines;
  return `${readLine(grey, place.angle, first, FIRST_LINE)}\n${readLine(grey, place.angle, second, SECOND_LINE)}`;
};
