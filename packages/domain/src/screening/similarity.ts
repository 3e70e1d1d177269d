// How alike two names are, from 0 to 1: Jaro-Winkler (a library's) per token, tokens paired
// regardless of order, and the whole name run together (for "Abd Allah" against "Abdullah").
import { jaroWinkler } from '@skyra/jaro-winkler';
import type { NameForm } from './names.ts';
import { SINGLE_TOKEN_FACTOR, TOKEN_MIN_SIMILARITY } from './thresholds.ts';

/** Tokens per name are at most MAX_NAME_TOKENS (12): one table of pair scores, reused. */
const SCORES = new Float64Array(12 * 12);

/**
 * Pairs each token of the shorter name with its most alike unused token of the longer one, best
 * pairs first, and averages the pairs' similarity weighted by token length. Tokens of the longer
 * name left unpaired (a dropped middle name) cost nothing; a one-token name against a longer one
 * is damped by SINGLE_TOKEN_FACTOR, so that a shared surname alone is not a match; a paired
 * token under TOKEN_MIN_SIMILARITY caps the score at its own similarity.
 */
const tokenSetSimilarity = (a: readonly string[], b: readonly string[]): number => {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const rows = short.length;
  const columns = long.length;
  if (rows === 0) return 0;
  const scores = SCORES;
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < columns; j++) {
      scores[i * columns + j] = jaroWinkler(short[i] as string, long[j] as string);
    }
  }
  // Greedy pairing, best pair first (names have a handful of tokens).
  let rowsUsed = 0;
  let columnsUsed = 0;
  let weighted = 0;
  let weights = 0;
  let weakest = 1;
  for (let paired = 0; paired < rows; paired++) {
    let best = -1;
    let bestI = 0;
    let bestJ = 0;
    for (let i = 0; i < rows; i++) {
      if (rowsUsed & (1 << i)) continue;
      for (let j = 0; j < columns; j++) {
        const score = scores[i * columns + j] as number;
        if (!(columnsUsed & (1 << j)) && score > best) [best, bestI, bestJ] = [score, i, j];
      }
    }
    rowsUsed |= 1 << bestI;
    columnsUsed |= 1 << bestJ;
    const weight = Math.max((short[bestI] as string).length, (long[bestJ] as string).length, 1);
    weighted += best * weight;
    weights += weight;
    weakest = Math.min(weakest, best);
  }
  const average = weighted / weights;
  // A name is not "alike" when one of its tokens is unlike: John Smith is not John Brown.
  const score = weakest < TOKEN_MIN_SIMILARITY ? Math.min(average, weakest) : average;
  return short.length === 1 && long.length > 1 ? score * SINGLE_TOKEN_FACTOR : score;
};

/** Names are compared on consonant skeletons when either is written in an abjad. */
export const comparesOnSkeletons = (a: NameForm, b: NameForm): boolean => a.abjad || b.abjad;

/** The similarity of two names, 0 to 1. */
export const nameSimilarity = (a: NameForm, b: NameForm): number => {
  const skeletons = comparesOnSkeletons(a, b);
  const [x, y] = skeletons ? [a.skeletons, b.skeletons] : [a.tokens, b.tokens];
  // Run together only when the names split into a different number of tokens ("Abd Allah").
  const joined =
    x.length === y.length
      ? 0
      : skeletons
        ? jaroWinkler(a.joinedSkeletons, b.joinedSkeletons)
        : jaroWinkler(a.joinedTokens, b.joinedTokens);
  return Math.max(tokenSetSimilarity(x, y), joined);
};
