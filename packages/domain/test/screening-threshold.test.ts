// The name-match threshold of docs/decisions/016-screening.md: false-negative and false-positive
// rates measured on the generated labelled pairs stay under the documented bounds.
import { describe, expect, it } from 'vitest';
import { NAME_MATCH_THRESHOLD, nameForm, nameSimilarity } from '../src/index.ts';
import { labelledPairs, VARIANTS, writeIn } from './screening-pairs.ts';

const scored = labelledPairs(1000).map((pair) => ({
  ...pair,
  score: nameSimilarity(nameForm(pair.listed), nameForm(pair.written)),
}));
const truePairs = scored.filter((p) => p.same);
const falsePairs = scored.filter((p) => !p.same);

const rates = (threshold: number) => ({
  falseNegative: truePairs.filter((p) => p.score < threshold).length / truePairs.length,
  falsePositive: falsePairs.filter((p) => p.score >= threshold).length / falsePairs.length,
});

/** The table of the decision record: measured rates must stay at or under these bounds. */
const THRESHOLD_TABLE = [
  { threshold: 0.85, falseNegative: 0.002, falsePositive: 0.02 },
  { threshold: 0.88, falseNegative: 0.002, falsePositive: 0.01 },
  { threshold: 0.9, falseNegative: 0.002, falsePositive: 0.006 },
  { threshold: 0.92, falseNegative: 0.005, falsePositive: 0.004 },
  { threshold: 0.95, falseNegative: 0.02, falsePositive: 0.002 },
];

describe('name-match threshold (ADR 016)', () => {
  it('the labelled set holds 6,000 true and 4,000 false pairs', () => {
    expect(truePairs).toHaveLength(6000);
    expect(falsePairs).toHaveLength(4000);
  });

  it('the generator writes names in the other scripts', () => {
    expect(writeIn('Vladimir Putin', 'cyrillic')).toBe('Владимир Путин');
    expect(writeIn('Vladimir Putin', 'arabic')).toMatch(/^[\u0600-\u06FF ]+$/u);
    expect(writeIn('Vladimir Putin', 'hebrew')).toMatch(/^[\u0590-\u05FF ]+$/u);
  });

  it.each(THRESHOLD_TABLE)(
    'at $threshold: false negatives ≤ $falseNegative, false positives ≤ $falsePositive',
    ({ threshold, falseNegative, falsePositive }) => {
      const measured = rates(threshold);
      expect(measured.falseNegative).toBeLessThanOrEqual(falseNegative);
      expect(measured.falsePositive).toBeLessThanOrEqual(falsePositive);
    },
  );

  it('a higher threshold trades false positives for false negatives', () => {
    const measured = THRESHOLD_TABLE.map(({ threshold }) => rates(threshold));
    for (let i = 1; i < measured.length; i++) {
      expect(measured[i]?.falseNegative).toBeGreaterThanOrEqual(
        measured[i - 1]?.falseNegative ?? 0,
      );
      expect(measured[i]?.falsePositive).toBeLessThanOrEqual(measured[i - 1]?.falsePositive ?? 1);
    }
  });

  it('the chosen threshold is a row of the table', () => {
    expect(THRESHOLD_TABLE.map((row) => row.threshold)).toContain(NAME_MATCH_THRESHOLD);
  });

  it.each(VARIANTS)(
    'at the chosen threshold, %s true pairs are missed at most 1%% of the time',
    (variant) => {
      const pairs = truePairs.filter((p) => p.variant === variant);
      const missed = pairs.filter((p) => p.score < NAME_MATCH_THRESHOLD).length;
      expect(missed / pairs.length).toBeLessThanOrEqual(0.01);
    },
  );
});
