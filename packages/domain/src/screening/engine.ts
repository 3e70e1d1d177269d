// Screens one bearer against the rule table: no hit approves, any hit refers to an officer — but
// a watchlist hit a confirmed false-hit mark spares (false-hits.ts), which is kept, marked
// `sparedBy`, and refers no one.
import type { ScreeningInput } from './input.ts';
import type { ReasonCode, ScreeningMessageId } from './reasons.ts';
import { factsOf, type RuleHit, SCREENING_RULES, type ScreeningLists } from './rules.ts';

export interface ScreeningHit extends RuleHit {
  readonly code: ReasonCode;
  readonly messageId: ScreeningMessageId;
}

/** `approve` → state `approved`; `refer` → state `in_review`. Screening never refuses. */
export type ScreeningOutcome = 'approve' | 'refer';

export interface ScreeningResult {
  readonly outcome: ScreeningOutcome;
  readonly hits: readonly ScreeningHit[];
  /** Every rule checked, hit or not: the explanation of an approval. */
  readonly rulesChecked: readonly ReasonCode[];
  readonly screenedOn: string;
}

/** The hits that refer the bearer: all but those a false-hit mark spares. */
export const referringHits = <T extends RuleHit>(hits: readonly T[]): T[] =>
  hits.filter((hit) => hit.sparedBy === undefined);

/** Whether screening approved only because a false-hit mark spared every hit: a referral spared. */
export const isSparedReferral = (result: Pick<ScreeningResult, 'outcome' | 'hits'>): boolean =>
  result.outcome === 'approve' && result.hits.some((hit) => hit.sparedBy !== undefined);

export const screenBearer = (
  input: ScreeningInput,
  lists: ScreeningLists,
  today: string,
): ScreeningResult => {
  const facts = factsOf(input, lists.countries);
  const hits = SCREENING_RULES.flatMap((rule) =>
    rule
      .evaluate(facts, lists)
      .map((hit) => ({ code: rule.code, messageId: rule.messageId, ...hit })),
  );
  return {
    outcome: referringHits(hits).length === 0 ? 'approve' : 'refer',
    hits,
    rulesChecked: SCREENING_RULES.map((rule) => rule.code),
    screenedOn: today,
  };
};
