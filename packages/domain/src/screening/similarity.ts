// How alike two names are, from 0 to 1: Jaro-Winkler (a library's) per token, tokens paired
// regardless of order, and the whole name run together (for "Abd Allah" against "Abdullah").
import { jaroWinkler } from '@skyra/jaro-winkler';
import type { NameForm } from './names.ts';
import { SINGLE_TOKEN_FACTOR } from './thresholds.ts';

/**
 * Pairs each token of the shorter name with its most alike unused token of the longer one, best
 * pairs first, and averages the pairs' similarity weighted by token length. Tokens of the longer
 * name left unpaired (a dropped middle name) cost nothing; a one-token name against a longer one
 * is damped by SINGLE_TOKEN_FACTOR, so that a shared surname alone is not a match.
 */
export const tokenSetSimilarity = (a: readonly string[], b: readonly string[]): number => {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length === 0) return 0;
  const pairs: { i: number; j: number; score: number }[] = [];
  for (let i = 0; i < short.length; i++) {
    for (let j = 0; j < long.length; j++) {
      pairs.push({ i, j, score: jaroWinkler(short[i] as string, long[j] as string) });
    }
  }
  pairs.sort((x, y) => y.score - x.score);
  const shortUsed = new Set<number>();
  const longUsed = new Set<number>();
  let weighted = 0;
  let weights = 0;
  for (const { i, j, score } of pairs) {
    if (shortUsed.has(i) || longUsed.has(j)) continue;
    shortUsed.add(i);
    longUsed.add(j);
    const weight = Math.max((short[i] as string).length, (long[j] as string).length, 1);
    weighted += score * weight;
    weights += weight;
    if (shortUsed.size === short.length) break;
  }
  const score = weights === 0 ? 0 : weighted / weights;
  return short.length === 1 && long.length > 1 ? score * SINGLE_TOKEN_FACTOR : score;
};

/** The parts two names are compared on: skeletons when either is written in an abjad. */
const comparedParts = (a: NameForm, b: NameForm): [readonly string[], readonly string[]] =>
  a.abjad || b.abjad ? [a.skeletons, b.skeletons] : [a.tokens, b.tokens];

/** The similarity of two names, 0 to 1. */
export const nameSimilarity = (a: NameForm, b: NameForm): number => {
  const [x, y] = comparedParts(a, b);
  // Run together only when the names split into a different number of tokens ("Abd Allah").
  const joined = x.length !== y.length ? jaroWinkler(x.join(''), y.join('')) : 0;
  return Math.max(tokenSetSimilarity(x, y), joined);
};
