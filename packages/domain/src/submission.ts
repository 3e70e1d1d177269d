// The whole submission (POST /api/senddatamarom): the draft's shape, then every step's rules run
// on the values read back out of the draft. The same step rules as the screens, not a copy.
import { type ApplicationDraft, ApplicationDraftSchema } from './application.ts';
import { GROUP_SIZE_MAX } from './constants.ts';
import type { IsoDate } from './dates.ts';
import { travellerDrafts } from './draft.ts';
import { error, type Issue } from './issues.ts';
import type { ReferenceData } from './reference.ts';
import { applicantStep, rawApplicantAgrees } from './steps/applicant.ts';
import { declarationStep } from './steps/declaration.ts';
import { emailStep } from './steps/email.ts';
import { historyStep } from './steps/history.ts';
import { passportStep } from './steps/passport.ts';
import { personalStep } from './steps/personal.ts';
import { photoStep } from './steps/photo.ts';
import { type FormValues, type Step, validateStep } from './steps/step.ts';
import { travelStep } from './steps/travel.ts';

export interface SubmissionIssue extends Issue {
  /** The step whose screen holds the field ('draft' for a malformed draft). */
  step: string;
  /** In a group, the traveller (0-based, bearerList order) whose value it is. */
  traveller?: number;
}

export type SubmissionContext = { today: IsoDate; reference: ReferenceData };
type Context = SubmissionContext;

/** What the submission does with each step: check its values, and rebuild its part of a record. */
interface SubmissionStep {
  id: string;
  /** Whether each traveller of a group has their own values here (else the application's). */
  perTraveller: boolean;
  /** The step's rules run on the values read back out of a draft. */
  check: (draft: ApplicationDraft, ctx: Context) => SubmissionIssue[];
  /** The step's values read out of `source`, written into `record` as the screen writes them. */
  rebuild: (source: ApplicationDraft, record: ApplicationDraft, ctx: Context) => ApplicationDraft;
}

const submissionStep = <V extends FormValues>(
  step: Step<V>,
  perTraveller = false,
): SubmissionStep => ({
  id: step.id,
  perTraveller,
  check: (draft, ctx) =>
    validateStep(step, step.fromDraft(draft, ctx.reference), { ...ctx, draft }).map((i) => ({
      ...i,
      step: step.id,
    })),
  rebuild: (source, record, ctx) =>
    step.toDraft(step.fromDraft(source, ctx.reference), { ...ctx, draft: record }),
});

/** The steps that fill the draft, in journey order. */
const SUBMISSION_STEPS: readonly SubmissionStep[] = [
  submissionStep(applicantStep),
  submissionStep(emailStep),
  submissionStep(travelStep, true),
  submissionStep(passportStep, true),
  submissionStep(personalStep, true),
  submissionStep(photoStep, true),
  submissionStep(historyStep, true),
  submissionStep(declarationStep),
];

/** The steps that apply to a traveller: all of them to the first, their own to the others. */
export const stepsOfTraveller = (index: number) =>
  SUBMISSION_STEPS.filter((s) => index === 0 || s.perTraveller);

/** Every traveller's issues, each traveller checked as a single application's is. */
const travellerIssues = (draft: ApplicationDraft, ctx: Context): SubmissionIssue[] => {
  const travellers = travellerDrafts(draft);
  return travellers.flatMap((single, index) =>
    stepsOfTraveller(index).flatMap((step) =>
      step
        .check(single, ctx)
        .map((issue) =>
          travellers.length > 1 && step.perTraveller ? { ...issue, traveller: index } : issue,
        ),
    ),
  );
};

const tooManyTravellers = (input: unknown) => {
  const list = (input as { bearerList?: unknown } | null)?.bearerList;
  return Array.isArray(list) && list.length > GROUP_SIZE_MAX;
};

export type SubmissionResult =
  | { ok: true; draft: ApplicationDraft; warnings: SubmissionIssue[] }
  | { ok: false; issues: SubmissionIssue[] };

export const validateSubmission = (input: unknown, ctx: Context): SubmissionResult => {
  if (tooManyTravellers(input)) {
    return { ok: false, issues: [{ ...error('bearerList', 'groupTooLarge'), step: 'draft' }] };
  }
  const parsed = ApplicationDraftSchema.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({
      ...error(i.path.join('.') || 'jsonForm', 'draftMalformed'),
      step: 'draft',
    }));
    return { ok: false, issues };
  }
  const draft = parsed.data;
  const issues = travellerIssues(draft, ctx);
  // The raw first-step copy (applicantTsadGimel) is stored too: it may not contradict the fields.
  const raw = draft.applicantTsadGimel;
  if (raw && !rawApplicantAgrees(raw, applicantStep.fromDraft(draft, ctx.reference))) {
    issues.push({ ...error('applicantTsadGimel', 'draftMalformed'), step: 'applicant' });
  }
  const errors = issues.filter((i) => i.severity === 'error');
  return errors.length > 0
    ? { ok: false, issues: errors }
    : { ok: true, draft, warnings: issues.filter((i) => i.severity === 'warning') };
};
