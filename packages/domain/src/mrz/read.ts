// Finding the two TD3 lines in OCR text and undoing OCR confusions. A confusion is undone only
// where the field's character class makes it unambiguous: a date or a check digit holds only
// digits, a country or a name only letters. Document and personal numbers mix both, so they are
// read as they are and their check digits decide.

/** Characters OCR reads for a digit: O for 0, I or L for 1, B for 8, S for 5, Z for 2. */
const AS_DIGIT: Readonly<Record<string, string>> = {
  O: '0',
  I: '1',
  L: '1',
  B: '8',
  S: '5',
  Z: '2',
};
/** Characters OCR reads for a letter: 0 for O, 1 for I, 8 for B, 5 for S, 2 for Z. */
const AS_LETTER: Readonly<Record<string, string>> = {
  '0': 'O',
  '1': 'I',
  '8': 'B',
  '5': 'S',
  '2': 'Z',
};

const asDigits = (text: string) => text.replace(/[OILBSZ]/g, (c) => AS_DIGIT[c]!);
const asLetters = (text: string) => text.replace(/[01852]/g, (c) => AS_LETTER[c]!);

type CharacterClass = 'digits' | 'letters' | 'mixed';
const CORRECT: Record<CharacterClass, (text: string) => string> = {
  digits: asDigits,
  letters: asLetters,
  mixed: (text) => text,
};

/** The second line's fields in order (Doc 9303 Part 4, §4.2.2): name, length, class. */
const SECOND_LINE = [
  ['documentNumber', 9, 'mixed'],
  ['documentNumberCheck', 1, 'digits'],
  ['nationality', 3, 'letters'],
  ['birthDate', 6, 'digits'],
  ['birthDateCheck', 1, 'digits'],
  ['sex', 1, 'mixed'],
  ['expiryDate', 6, 'digits'],
  ['expiryDateCheck', 1, 'digits'],
  ['personalNumber', 14, 'mixed'],
  ['personalNumberCheck', 1, 'digits'],
  ['compositeCheck', 1, 'digits'],
] as const satisfies readonly (readonly [string, number, CharacterClass])[];

export type SecondLine = Record<(typeof SECOND_LINE)[number][0], string>;

const splitSecondLine = (line: string): SecondLine => {
  let start = 0;
  const fields: Partial<SecondLine> = {};
  for (const [name, length, characterClass] of SECOND_LINE) {
    fields[name] = CORRECT[characterClass](line.slice(start, start + length));
    start += length;
  }
  return fields as SecondLine;
};

/** The first line is all letters and fillers: document code, issuing state, names. */
const FIRST_LINE = /^P[A-Z<]{43}$/;
const MRZ_LINE = /^[A-Z0-9<]{44}$/;
/** Nationality and sex are outside every check digit, so their shape is what makes a TD3. */
const looksLikeSecondLine = (fields: SecondLine) =>
  /^[A-Z<]{3}$/.test(fields.nationality) && /^[MFX<]$/.test(fields.sex);

/** One OCR line as MRZ text: capitals, no spaces. */
const cleanLine = (line: string) => line.replace(/\s+/g, '').toUpperCase();

/**
 * The first TD3 in OCR text, corrected; undefined if none. Its lines are two lines of 44 MRZ
 * characters, one after the other once spaces, blank lines and other text are set aside.
 */
export const findTd3 = (text: string): { first: string; second: SecondLine } | undefined => {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map(cleanLine)
    .filter((line) => MRZ_LINE.test(line));
  for (const [i, line] of lines.entries()) {
    const first = asLetters(line);
    const next = lines[i + 1];
    if (!FIRST_LINE.test(first) || next === undefined) continue;
    const second = splitSecondLine(next);
    if (looksLikeSecondLine(second)) return { first, second };
  }
  return undefined;
};
