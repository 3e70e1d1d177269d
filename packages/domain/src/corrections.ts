// Corrections before a decision (issue 13): what a traveller may change from the status page —
// contact e-mail and phones, home address, arrival date — and what never changes once submitted
// (passport and identity: a new application is needed). A corrected record is checked again by
// every rule of the submission (canonicalRecord), so a correction cannot store what the
// application's screens would refuse.
import type { ApplicationDraft, Bearer } from './application.ts';
import { canonicalRecord } from './canonical/record.ts';
import { bearerOf, withBearer } from './draft.ts';
import { screeningInputFromBearer } from './screening/input.ts';
import type { SubmissionContext, SubmissionIssue } from './submission.ts';

/** The fields a traveller may correct, each a string in the request (a country by its id). */
const CORRECTABLE_FIELDS = [
  'reqMainEmailAddress',
  'mobilePhoneNum',
  'homePhoneNum',
  'addressCountryId',
  'addressTownName',
  'estimatedArrivalDate',
] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];
export type Correction = Partial<Record<CorrectableField, string>>;

/** Passport and identity: asking to change one is refused with `correctionNotAllowed`. */
export const LOCKED_FIELDS = [
  'passportNum',
  'passportTypeId',
  'passportCountryId',
  'passportIssueDate',
  'passportExpireDate',
  'nationalityId',
  'firstName',
  'lastName',
  'birthDate',
  'birthCountryId',
  'gender',
] as const satisfies readonly (keyof Bearer)[];

export const isCorrectableField = (name: string): name is CorrectableField =>
  (CORRECTABLE_FIELDS as readonly string[]).includes(name);

/** A field's value as the history records it: a country by its id. */
const recordedValue = (draft: ApplicationDraft, field: CorrectableField): string => {
  if (field === 'reqMainEmailAddress') return draft.reqMainEmailAddress;
  const bearer = bearerOf(draft);
  if (field === 'addressCountryId')
    return bearer.addressCountryId ? String(bearer.addressCountryId.id) : '';
  return bearer[field];
};

export interface CorrectionChange {
  field: CorrectableField;
  from: string;
  to: string;
}

export type CorrectionResult =
  | { ok: true; record: ApplicationDraft; changes: CorrectionChange[] }
  | { ok: false; issues: SubmissionIssue[] };

/** A stored record with the correction applied, checked and rebuilt as a submission is. */
export const correctRecord = (
  record: ApplicationDraft,
  correction: Correction,
  ctx: SubmissionContext,
): CorrectionResult => {
  const { reqMainEmailAddress, addressCountryId, ...bearerFields } = correction;
  const changed = withBearer(
    { ...record, reqMainEmailAddress: reqMainEmailAddress ?? record.reqMainEmailAddress },
    {
      ...bearerFields,
      // The Description is looked up again by id when the record is rebuilt.
      ...(addressCountryId === undefined
        ? {}
        : { addressCountryId: { id: Number(addressCountryId), Description: '' } }),
    },
  );
  const result = canonicalRecord(JSON.parse(JSON.stringify(changed)), ctx);
  if (!result.ok) return result;
  const changes = CORRECTABLE_FIELDS.map((field) => ({
    field,
    from: recordedValue(record, field),
    to: recordedValue(result.record, field),
  })).filter((c) => c.from !== c.to);
  return { ok: true, record: result.record, changes };
};

/**
 * Whether a correction changed what screening reads of the traveller (today the arrival date,
 * against which the passport's validity and the visit's end are checked): then a case already
 * screened is screened again.
 */
export const changesScreening = (before: ApplicationDraft, after: ApplicationDraft): boolean =>
  JSON.stringify(screeningInputFromBearer(bearerOf(before))) !==
  JSON.stringify(screeningInputFromBearer(bearerOf(after)));
