// Application numbers: random (not sequential, so they reveal nothing and cannot be guessed in
// order), and easy to read aloud: no 0/O, 1/I/L or U, in two groups of four. 30⁸ ≈ 6.6 × 10¹¹.
import { randomInt } from 'node:crypto';

const APPLICATION_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const APPLICATION_NUMBER_PATTERN = /^IL-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/;

/** A group's number, never mistaken for one traveller's: `ILG-` and the same two groups. */
export const GROUP_NUMBER_PATTERN = /^ILG-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/;

const pick = () =>
  Array.from(
    { length: 4 },
    () => APPLICATION_NUMBER_ALPHABET[randomInt(APPLICATION_NUMBER_ALPHABET.length)],
  ).join('');

export const newApplicationNumber = (): string => `IL-${pick()}-${pick()}`;

export const newGroupNumber = (): string => `ILG-${pick()}-${pick()}`;
