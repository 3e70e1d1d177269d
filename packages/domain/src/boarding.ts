// The carriers' boarding check (issue 28): what the desk is told about names and near-miss
// document numbers. Names are compared as the screening compares them, never a reason to refuse.
import { nameForm } from './screening/names.ts';
import { nameSimilarity } from './screening/similarity.ts';
import { NAME_MATCH_THRESHOLD } from './screening/thresholds.ts';

/** Two written names alike enough to be the same person's (the screening's threshold). */
export const namesAlike = (a: string, b: string): boolean =>
  nameSimilarity(nameForm(a), nameForm(b)) >= NAME_MATCH_THRESHOLD;

/**
 * Two document numbers one keying mistake apart: one character replaced, added or left out
 * (not equal, and never two mistakes).
 */
export const differsByOneCharacter = (a: string, b: string): boolean => {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  // Same length: the rest after one replaced character; else the rest after one added character.
  const skipShort = short.length === long.length ? i + 1 : i;
  return short.slice(skipShort) === long.slice(i + 1);
};
