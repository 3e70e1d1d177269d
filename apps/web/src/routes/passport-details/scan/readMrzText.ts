// Reading a passport's MRZ (ICAO 9303 TD3) from a photograph of its data page, in the browser:
// find the two lines, then read each character against OCR-B templates, allowing at each place
// only what the format allows there. The text is not checked here: parseTd3 accepts it only
// when every check digit is right.
import { readLine } from './classify.ts';
import { type GreyImage, greyOf, otsuThreshold, type RgbaImage } from './image.ts';
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

/**
 * How well an upright reading's glyphs must match their templates (mean correlation, 1 at best)
 * for the reader not to try the page upside down. The MRZ of a page turned 180° is found all the
 * same (two lines of 44 characters), but its glyphs, read upside down, match poorly: on the 60
 * generated pages of the bench, 0.93–0.99 upright against at most 0.76 upside down. Set high, it
 * costs a second reading now and then; the better match decides in any case.
 */
const UPRIGHT_MATCH = 0.88;

/** The MRZ read from the image as it lies, and how well its glyphs match; none if not found. */
const readAsItLies = (grey: GreyImage) => {
  const place = locateMrz(grey, otsuThreshold(grey));
  if (!place) return undefined;
  const first = readLine(grey, place.angle, place.lines[0], FIRST_LINE);
  const second = readLine(grey, place.angle, place.lines[1], SECOND_LINE);
  return { text: `${first.text}\n${second.text}`, match: (first.match + second.match) / 2 };
};

/** The image turned 180°: its pixels in reverse order, as (x, y) goes to (w−1−x, h−1−y). */
const upsideDown = (image: GreyImage): GreyImage => ({
  ...image,
  grey: image.grey.slice().reverse(),
});

/**
 * The two MRZ lines joined by a newline, or undefined when the image shows no MRZ. A page is read
 * as it lies (within ±6° of upright); if no MRZ is found there, or its glyphs match poorly, the
 * page may be upside down (a passport held the other way up): it is read turned 180° too, and
 * the reading whose glyphs match better is kept.
 */
export const readMrzText = (image: RgbaImage): string | undefined => {
  const grey = greyOf(image);
  const upright = readAsItLies(grey);
  if (upright && upright.match >= UPRIGHT_MATCH) return upright.text;
  const turned = readAsItLies(upsideDown(grey));
  const better = turned && (!upright || turned.match > upright.match) ? turned : upright;
  return better?.text;
};
