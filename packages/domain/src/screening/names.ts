// Names as the screening compares them (docs/decisions/016-screening.md): any script is
// transliterated to ASCII, folded to one spelling of common variants, split into tokens, and
// reduced to a consonant skeleton for the scripts that do not write short vowels (abjads).
import anyAscii from 'any-ascii';

/** Hebrew, Arabic (with its supplements and presentation forms), Syriac and Thaana. */
const ABJAD_SCRIPT = /[\u0590-\u05FF\u0600-\u07BF\u0860-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

export interface NameForm {
  /** The name as written. */
  readonly written: string;
  /** Folded Latin tokens, in the order written. */
  readonly tokens: readonly string[];
  /** Consonant skeleton of each token (same order as `tokens`). */
  readonly skeletons: readonly string[];
  /** Written in a script without short vowels: compare on skeletons. */
  readonly abjad: boolean;
  /** `tokens` and `skeletons` run together ("Abd Allah" against "Abdullah"). */
  readonly joinedTokens: string;
  readonly joinedSkeletons: string;
}

/** Common spelling variants of one sound, written one way (both sides are folded alike). */
const foldSpelling = (token: string): string =>
  token
    .replace(/dzh|dj/g, 'j')
    .replace(/kh/g, 'h')
    .replace(/[cq]/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/ph/g, 'f')
    .replace(/ck/g, 'k')
    .replace(/w/g, 'v')
    .replace(/y/g, 'i')
    .replace(/(.)\1+/g, '$1');

const CONSONANT_CLASS: Readonly<Record<string, string>> = {
  b: 'b',
  p: 'b',
  f: 'b',
  v: 'b',
  w: 'b',
  d: 't',
  t: 't',
  c: 'k',
  g: 'k',
  j: 'k',
  k: 'k',
  q: 'k',
  x: 'ks',
  s: 's',
  z: 's',
  l: 'l',
  m: 'm',
  n: 'n',
  r: 'r',
};

/**
 * The consonant classes of a token, repeats collapsed. In abjad scripts the letter waw/vav (read
 * `w`, see `marksForAbjad`) stands for a vowel inside a word: it counts only as the first letter.
 */
const consonantSkeleton = (rawToken: string, abjad: boolean): string => {
  // "ch" as abjads spell it: Arabic تش (tsh), Hebrew צ׳ (ts').
  const token = rawToken.replace(/tsh|ts'|ch/g, 'c');
  let skeleton = '';
  for (let i = 0; i < token.length; i++) {
    const letter = token[i] as string;
    if (abjad && i > 0 && letter === 'w') continue;
    const cls = CONSONANT_CLASS[letter];
    if (cls !== undefined && !skeleton.endsWith(cls)) skeleton += cls;
  }
  return skeleton;
};

/**
 * Before transliteration: Hebrew vav is read `w` (any-ascii reads it `v`, like bet), so that it
 * can be told apart from a consonant; a word-initial Arabic alif, which any-ascii drops, leaves a
 * mark so that the waw after it (a vowel, as in اولغا "Olga") is not taken for the first letter.
 */
const marksForAbjad = (name: string): string =>
  name.replace(/\u05D5/gu, 'w').replace(/(^|[^\p{L}])[\u0622\u0623\u0625\u0627]/gu, "$1'");

/** Lower-case ASCII tokens of any script; apostrophes (aleph, ayin, soft sign) join a token. */
const rawTokens = (name: string): string[] =>
  anyAscii(marksForAbjad(name))
    .toLowerCase()
    .split(/[^a-z'`]+/)
    .filter((t) => /[a-z]/.test(t));

/** Tokens past this many are not compared (no real name has more). */
const MAX_NAME_TOKENS = 12;

export const nameForm = (written: string): NameForm => {
  const abjad = ABJAD_SCRIPT.test(written);
  const raw = rawTokens(written).slice(0, MAX_NAME_TOKENS);
  const letters = raw.map((t) => t.replace(/[^a-z]/g, ''));
  const tokens = letters.map(foldSpelling);
  const skeletons = raw.map((t) => consonantSkeleton(t, abjad));
  return {
    written,
    tokens,
    skeletons,
    abjad,
    joinedTokens: tokens.join(''),
    joinedSkeletons: skeletons.join(''),
  };
};
