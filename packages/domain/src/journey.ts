// The journey as data (STYLE.md §1): the ordered screens of SPEC §4, their routes, where Back and
// Next lead, where an edit from the review returns, and which draft fields each one completes.
// Screens ask this table where to go; none hard-codes another screen's path.
import type { ApplicationDraft, Bearer } from './application.ts';
import { bearerOf } from './draft.ts';

export type JourneyStepId =
  | 'applicant'
  | 'email'
  | 'code'
  | 'travel'
  | 'passport'
  | 'personal'
  | 'photo'
  | 'history'
  | 'review'
  | 'thankyou';

type DraftField = keyof ApplicationDraft | `bearer.${keyof Bearer}`;

export interface JourneyStep {
  id: JourneyStepId;
  route: string;
  /** Other spellings that open the same screen. */
  aliases: readonly string[];
  back: string;
  next: string;
  /** Has edit mode: reached from the review, Next returns there. */
  editable: boolean;
  /** Position in the 5-step application indicator. */
  indicator: number;
  /** Draft fields that are filled once the step is done; 'verified' is the email code. */
  completes: readonly (DraftField | 'verified')[];
}

export const APPLICATION_STEP_COUNT = 5;
export const ELIGIBILITY_STEP_COUNT = 3;

export const ROUTES = {
  applyStart: '/apply-for-an-eta-il-1/',
  applicantStart: '/apply-for-an-eta-il-2',
  sort: '/sort',
  forms: '/forms',
  home: '/',
  email: '/emailMach',
  code: '/codeMach',
  travel: '/travelInfo',
  passport: '/passportDetails',
  personal: '/personalDetails',
  photo: '/PersonalDetailsImage',
  history: '/PersonalDetailsQuestion',
  review: '/review',
  thankyou: '/thankyou',
  success: '/success',
  eligibilityNational: '/EligibilityNational',
  eligibilityMainPurpose: '/EligibilityMainPurpose',
  eligibilityResult: '/EligibilityResult',
  visaOption: '/visa-option',
  visaOptionMisspelt: '/vias-option',
  backoffice: '/backoffice',
  loading: '/ll',
  accessibility: '/accessibility',
} as const;

export const JOURNEY: readonly JourneyStep[] = [
  {
    id: 'applicant',
    route: ROUTES.forms,
    aliases: [ROUTES.home],
    back: ROUTES.applicantStart,
    next: ROUTES.email,
    editable: false,
    indicator: 1,
    completes: ['applicantTsadGimel'],
  },
  {
    id: 'email',
    route: ROUTES.email,
    aliases: [],
    back: ROUTES.applyStart,
    next: ROUTES.code,
    editable: false,
    indicator: 2,
    completes: ['reqMainEmailAddress'],
  },
  {
    id: 'code',
    route: ROUTES.code,
    aliases: [],
    back: ROUTES.email,
    next: ROUTES.travel,
    editable: false,
    indicator: 2,
    completes: ['verified'],
  },
  {
    id: 'travel',
    route: ROUTES.travel,
    aliases: [],
    back: ROUTES.sort,
    next: ROUTES.passport,
    editable: true,
    indicator: 3,
    completes: ['bearer.entryReasonId', 'bearer.estimatedArrivalDate', 'bearer.lengthOfStayId'],
  },
  {
    id: 'passport',
    route: ROUTES.passport,
    aliases: [],
    back: ROUTES.travel,
    next: ROUTES.personal,
    editable: true,
    indicator: 4,
    completes: ['bearer.passportTypeId', 'bearer.passportNum', 'bearer.birthDate', 'bearer.gender'],
  },
  {
    id: 'personal',
    route: ROUTES.personal,
    aliases: ['/PersonalDetails'],
    back: ROUTES.passport,
    next: ROUTES.photo,
    editable: true,
    indicator: 5,
    completes: [
      'bearer.maritalStatusId',
      'bearer.mobilePhoneNum',
      'bearer.addressCountryId',
      'bearer.companyOccupationTypeId',
    ],
  },
  {
    id: 'photo',
    route: ROUTES.photo,
    aliases: [],
    back: ROUTES.personal,
    next: ROUTES.history,
    editable: true,
    indicator: 5,
    completes: ['bearer.photoId'],
  },
  {
    id: 'history',
    route: ROUTES.history,
    aliases: [],
    back: ROUTES.photo,
    next: ROUTES.review,
    editable: true,
    indicator: 5,
    completes: ['bearer.previousStayInIsraelYN', 'bearer.anotherVisaRequestYN'],
  },
  {
    id: 'review',
    route: ROUTES.review,
    aliases: [],
    back: ROUTES.history,
    next: ROUTES.thankyou,
    editable: false,
    indicator: 5,
    completes: ['reqDeclaration'],
  },
  {
    id: 'thankyou',
    route: ROUTES.thankyou,
    aliases: [],
    back: ROUTES.review,
    next: ROUTES.applyStart,
    editable: false,
    indicator: 5,
    completes: [],
  },
];

const normalize = (path: string) => path.replace(/\/+$/, '').toLowerCase() || '/';

export const stepById = (id: JourneyStepId): JourneyStep => {
  const step = JOURNEY.find((s) => s.id === id);
  if (!step) throw new Error(`No journey step ${id}`);
  return step;
};

export const stepForRoute = (path: string): JourneyStep | undefined =>
  JOURNEY.find((s) => [s.route, ...s.aliases].some((r) => normalize(r) === normalize(path)));

/** Where Next leads: back to the review in edit mode, otherwise the next screen. */
export const nextRoute = (id: JourneyStepId, editing = false): string => {
  const step = stepById(id);
  return editing && step.editable ? ROUTES.review : step.next;
};

/** What the traveller has done so far: the draft, and whether the email code was confirmed. */
export interface Progress {
  draft: ApplicationDraft;
  verified: boolean;
}

// A stored "No" (0) is an answer; only the declaration counts as done when it is ticked (1).
const isFilled = (field: string, value: unknown) =>
  field === 'reqDeclaration' ? value === 1 : value !== null && value !== undefined && value !== '';

export const isStepDone = (step: JourneyStep, { draft, verified }: Progress): boolean =>
  step.completes.every((field) => {
    if (field === 'verified') return verified;
    if (field.startsWith('bearer.')) {
      return isFilled(field, bearerOf(draft)[field.slice('bearer.'.length) as keyof Bearer]);
    }
    return isFilled(field, draft[field as keyof ApplicationDraft]);
  });

/** The first step not yet done, or undefined when all before the thank-you page are. */
export const firstUnfinishedStep = (progress: Progress): JourneyStep | undefined =>
  JOURNEY.find((s) => s.id !== 'thankyou' && !isStepDone(s, progress));

/**
 * Where a traveller who opens `path` belongs: the screen itself when every step before it is done,
 * otherwise the first unfinished step.
 */
export const allowedRoute = (path: string, progress: Progress): string => {
  const target = stepForRoute(path);
  if (!target) return path;
  const index = JOURNEY.indexOf(target);
  const missing = JOURNEY.slice(0, index).find((s) => !isStepDone(s, progress));
  return missing ? missing.route : path;
};
