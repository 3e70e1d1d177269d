// The ICAO 9303 check digit (Doc 9303 Part 3, §4.9): each character's value times the weights
// 7, 3, 1, repeating, summed, modulo 10. The filler `<` counts 0, a digit itself, A–Z 10–35.
const WEIGHTS = [7, 3, 1] as const;

const characterValue = (char: string): number => {
  if (char === '<') return 0;
  if (char >= '0' && char <= '9') return Number(char);
  if (char >= 'A' && char <= 'Z') return char.charCodeAt(0) - 'A'.charCodeAt(0) + 10;
  throw new RangeError(`Not an MRZ character: ${JSON.stringify(char)}`);
};

/** The check digit (0–9) of MRZ text made of A–Z, 0–9 and `<`. */
export const mrzCheckDigit = (text: string): number =>
  [...text].reduce((sum, char, i) => sum + characterValue(char) * WEIGHTS[i % 3]!, 0) % 10;
