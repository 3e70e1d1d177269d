// False hits cleared once (issue 30 item 4, docs/decisions/055-false-hit-marks.md): an officer
// marks a watchlist hit "not this person" with a reason; a supervisor who did not mark it
// confirms it (four eyes). A confirmed mark spares that traveller that listed entry on later
// applications, until a supervisor withdraws it or the list changes the entry (its `last_change`).
import * as z from 'zod/mini';
import type { StaffRole } from '../lifecycle/machine.ts';
import { OFFICE_ROLES } from '../lifecycle/office-roles.ts';
import type { FalseHitMarkRequest, FalseHitReasonRequest } from '../wire/office.ts';
import { normalizeDocumentNumber } from './documents.ts';
import type { WatchlistEntry } from './watchlist.ts';

/** The longest reason a mark, a rejection or a withdrawal carries. */
export const FALSE_HIT_REASON_MAX = 1000;

/**
 * Who a mark is for: the passport (its number as `normalizeDocumentNumber` gives it, and its
 * issuing country by reference id) and the birth date. A name is not part of the key: a name is
 * what the hit was about, and the same person writes it in many ways.
 */
export interface FalseHitTraveller {
  readonly passportNumber: string;
  readonly issuingCountryId: number | null;
  readonly birthDate: string;
}

/** The traveller as a mark stores them: the passport number normalized. */
const falseHitTraveller = (traveller: FalseHitTraveller): FalseHitTraveller => ({
  passportNumber: normalizeDocumentNumber(traveller.passportNumber),
  issuingCountryId: traveller.issuingCountryId,
  birthDate: traveller.birthDate.trim(),
});

/**
 * Whether two travellers are the same for a mark: the same normalized passport number, issuing
 * country and birth date, none of them missing (an incomplete key matches no one).
 */
export const sameFalseHitTraveller = (a: FalseHitTraveller, b: FalseHitTraveller): boolean => {
  const [x, y] = [falseHitTraveller(a), falseHitTraveller(b)];
  return (
    x.passportNumber !== '' &&
    x.issuingCountryId !== null &&
    x.birthDate !== '' &&
    x.passportNumber === y.passportNumber &&
    x.issuingCountryId === y.issuingCountryId &&
    x.birthDate === y.birthDate
  );
};

const FALSE_HIT_STATES = ['proposed', 'confirmed', 'rejected', 'withdrawn'] as const;
export type FalseHitState = (typeof FALSE_HIT_STATES)[number];

/** The moves of a mark after it is proposed: each from one state to one state. */
const FALSE_HIT_MOVES = {
  confirm: { from: 'proposed', to: 'confirmed' },
  reject: { from: 'proposed', to: 'rejected' },
  withdraw: { from: 'confirmed', to: 'withdrawn' },
} as const satisfies Record<string, { from: FalseHitState; to: FalseHitState }>;
export type FalseHitMove = keyof typeof FALSE_HIT_MOVES;

/** The state a move leads to from `state`, or undefined when it may not happen now. */
export const nextFalseHitState = (
  state: FalseHitState,
  move: FalseHitMove,
): FalseHitState | undefined =>
  FALSE_HIT_MOVES[move].from === state ? FALSE_HIT_MOVES[move].to : undefined;

/** A mark's state from the times its steps were taken (as the server stores them). */
export const falseHitStateOf = (steps: {
  confirmedAt: unknown;
  rejectedAt: unknown;
  withdrawnAt: unknown;
}): FalseHitState => {
  if (steps.withdrawnAt) return 'withdrawn';
  if (steps.rejectedAt) return 'rejected';
  if (steps.confirmedAt) return 'confirmed';
  return 'proposed';
};

/** Why a member of staff may not confirm or reject a mark. */
export type FalseHitConfirmationRefusal = 'notSupervisor' | 'sameStaff';

/**
 * Four eyes, as `refusalConfirmation` for refusals: whether `confirmer` may confirm (or reject) a
 * mark that staff member `markedBy` made. Only a supervisor, and never the one who marked it.
 */
export const falseHitConfirmation = (
  markedBy: string,
  confirmer: { staff: string; role: StaffRole },
): { ok: true } | { ok: false; refusal: FalseHitConfirmationRefusal } => {
  if (!OFFICE_ROLES.confirmFalseHit.includes(confirmer.role)) {
    return { ok: false, refusal: 'notSupervisor' };
  }
  if (confirmer.staff === markedBy) return { ok: false, refusal: 'sameStaff' };
  return { ok: true };
};

/** A mark as screening reads it. */
export interface FalseHitMark {
  readonly id: string;
  readonly entryId: string;
  /** The entry's `last_change` when the mark was made (empty when the list gives none). */
  readonly entryLastChange: string;
  readonly traveller: FalseHitTraveller;
  readonly state: FalseHitState;
}

/**
 * Whether `mark` spares `traveller` a hit on `entry`: a confirmed mark (neither rejected nor
 * withdrawn) of that entry and that traveller, made against the entry as it is now — a list that
 * changed the entry (another `last_change`) expires the mark, and the officer looks again.
 */
export const markSpares = (
  mark: FalseHitMark,
  entry: Pick<WatchlistEntry, 'id' | 'lastChange'>,
  traveller: FalseHitTraveller,
): boolean =>
  mark.state === 'confirmed' &&
  mark.entryId === entry.id &&
  mark.entryLastChange === entry.lastChange &&
  sameFalseHitTraveller(mark.traveller, traveller);

/** What a false-hit form says is missing or wrong, by id (the back office words it). */
export type FalseHitFormMessage = 'falseHitReasonMissing' | 'tooLong';

const stop = (id: FalseHitFormMessage) => ({ error: id, abort: true });
const reasonText = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, stop('falseHitReasonMissing')),
    z.maxLength(FALSE_HIT_REASON_MAX, stop('tooLong')),
  );

/** POST cases/:id/false-hits: which bearer's hit, on which entry, and why it is not them. */
export const FalseHitMarkFormSchema = z.object({
  bearerIndex: z.number().check(z.int(), z.gte(0), z.lte(99)),
  entryId: z.string().check(z.minLength(1), z.maxLength(200)),
  reason: reasonText,
}) satisfies z.ZodMiniType<FalseHitMarkRequest>;

/** POST false-hits/:id/withdraw, and (optional there) …/reject: the supervisor's reason. */
export const FalseHitReasonFormSchema = z.object({
  reason: reasonText,
}) satisfies z.ZodMiniType<FalseHitReasonRequest>;
