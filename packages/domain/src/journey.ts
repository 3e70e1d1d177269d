// The journey as data (STYLE.md §1): the ordered screens of SPEC §4, their routes, where Back and
// Next lead, where an edit from the review returns, which draft fields each one completes, which
// review section shows it and whether the browser's back button is blocked; the eligibility
// questions before it; and every other page. The web app's router, guard, step indicators,
// navigation bars and review are built from these tables: adding a step is one entry here and one
// screen folder (apps/web/src/routes/<screen>/<Screen>Page.tsx; docs/architecture.md).
import type { ApplicationDraft, Bearer } from './application.ts';
import { bearerOf } from './draft.ts';
import { RENEW_ROUTE, STATUS_ROUTE, VERIFY_ROUTE } from './lifecycle/routes.ts';

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

/** The review's panels (SPEC §4 "Review"), each showing one or more steps. */
export type ReviewSection = 'travel' | 'passport' | 'personal';

/** A page of the web app: its path and the folder of its screen under apps/web/src/routes. */
export interface Page {
  route: string;
  /** Other spellings that open the same screen. */
  aliases: readonly string[];
  /** The screen's folder: `travel-info` holds `TravelInfoPage.tsx`, exporting `TravelInfoPage`. */
  screen: string;
  /** Prerendered at build time in every language and served as HTML (decision 015). */
  prerendered: boolean;
}

export interface JourneyStep extends Page {
  id: JourneyStepId;
  back: string;
  next: string;
  /** Has edit mode: reached from the review, Next returns there. */
  editable: boolean;
  /** Position in the 5-step application indicator. */
  indicator: number;
  /** Draft fields that are filled once the step is done; 'verified' is the email code. */
  completes: readonly (DraftField | 'verified')[];
  /** The review panel that shows the step's answers (and whose Edit leads back to it). */
  reviewSection?: ReviewSection;
  /**
   * SPEC §2: the browser's back button works as usual, is blocked (travel information: it would
   * undo the code), or leads to the step's Back (the e-mail step: to the application start).
   */
  browserBack: 'allowed' | 'blocked' | 'toBack';
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
  /** The link e-mailed when an application is saved to continue later (decision 033). */
  resume: '/resume/:token',
  /** Where the payment provider sends the browser back after paying (decision 049). */
  paymentReturn: '/payment/return',
  /** Where it sends the browser back when the traveller cancels: the application waits. */
  paymentCancelled: '/payment/cancelled',
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
    screen: 'start-form',
    prerendered: false,
    browserBack: 'allowed',
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
    screen: 'email',
    prerendered: false,
    browserBack: 'toBack',
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
    screen: 'code',
    prerendered: false,
    browserBack: 'allowed',
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
    screen: 'travel-info',
    prerendered: false,
    reviewSection: 'travel',
    browserBack: 'blocked',
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
    screen: 'passport-details',
    prerendered: false,
    reviewSection: 'passport',
    browserBack: 'allowed',
  },
  {
    id: 'personal',
    route: ROUTES.personal,
    aliases: [],
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
    screen: 'personal-details',
    prerendered: false,
    reviewSection: 'personal',
    browserBack: 'allowed',
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
    screen: 'passport-photo',
    prerendered: false,
    reviewSection: 'personal',
    browserBack: 'allowed',
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
    screen: 'history',
    prerendered: false,
    reviewSection: 'personal',
    browserBack: 'allowed',
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
    screen: 'review',
    prerendered: false,
    browserBack: 'allowed',
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
    screen: 'thank-you',
    prerendered: false,
    browserBack: 'allowed',
  },
];

/** The eligibility questions (SPEC §2), before any session: where each leads, by the answers. */
export type EligibilityStepId = 'national' | 'mainPurpose' | 'result';

export interface EligibilityStep extends Page {
  id: EligibilityStepId;
  /** Position in the 3-step eligibility indicator. */
  indicator: number;
  /** Back, or on the result 'Start over'; none on the first question. */
  back?: string;
  /** The next question, or by the check's outcome: Apply, or the visa options. */
  next: string | { eligible: string; notEligible: string };
  /** The answer a step needs from the ones before it; without it the traveller starts over. */
  needs: readonly ('national' | 'mainPurpose')[];
}

export const ELIGIBILITY_JOURNEY: readonly EligibilityStep[] = [
  {
    id: 'national',
    route: ROUTES.eligibilityNational,
    aliases: [],
    screen: 'eligibility-national',
    prerendered: true,
    indicator: 1,
    next: ROUTES.eligibilityMainPurpose,
    needs: [],
  },
  {
    id: 'mainPurpose',
    route: ROUTES.eligibilityMainPurpose,
    aliases: [],
    screen: 'eligibility-main-purpose',
    prerendered: true,
    indicator: 2,
    back: ROUTES.eligibilityNational,
    next: ROUTES.eligibilityResult,
    needs: ['national'],
  },
  {
    id: 'result',
    route: ROUTES.eligibilityResult,
    aliases: [],
    screen: 'eligibility-result',
    prerendered: true,
    indicator: 3,
    back: ROUTES.eligibilityNational,
    next: { eligible: ROUTES.applyStart, notEligible: ROUTES.visaOption },
    needs: ['national', 'mainPurpose'],
  },
];

export const eligibilityStep = (id: EligibilityStepId): EligibilityStep => {
  const step = ELIGIBILITY_JOURNEY.find((s) => s.id === id);
  if (!step) throw new Error(`No eligibility step ${id}`);
  return step;
};

/** Where an eligibility step's Next leads, given the check's outcome on the result. */
export const eligibilityNext = (id: EligibilityStepId, eligible = true): string => {
  const { next } = eligibilityStep(id);
  if (typeof next === 'string') return next;
  return eligible ? next.eligible : next.notEligible;
};

const page = (route: string, screen: string, more: Partial<Page> = {}): Page => ({
  route,
  aliases: [],
  screen,
  prerendered: false,
  ...more,
});

/** The pages outside both journeys: the application's start, information, status, staff. */
const OTHER_PAGES: readonly Page[] = [
  page(ROUTES.applyStart, 'apply-start', { prerendered: true }),
  page(ROUTES.applicantStart, 'applicant-start'),
  page(ROUTES.sort, 'sort'),
  page(ROUTES.success, 'success'),
  page(ROUTES.visaOption, 'visa-option', { aliases: [ROUTES.visaOptionMisspelt] }),
  page(ROUTES.backoffice, 'backoffice'),
  page(ROUTES.loading, 'loading'),
  page(ROUTES.accessibility, 'accessibility', { prerendered: true }),
  page(STATUS_ROUTE, 'status', { prerendered: true }),
  page(VERIFY_ROUTE, 'verify', { prerendered: true }),
  page(ROUTES.resume, 'resume'),
  page(RENEW_ROUTE, 'renew'),
  page(ROUTES.paymentReturn, 'payment-return'),
  page(ROUTES.paymentCancelled, 'payment-cancelled'),
];

/** Every page of the web app, the router's table. */
export const PAGES: readonly Page[] = [...ELIGIBILITY_JOURNEY, ...JOURNEY, ...OTHER_PAGES];

const normalize = (path: string) => path.replace(/\/+$/, '').toLowerCase() || '/';

export const stepById = (id: JourneyStepId): JourneyStep => {
  const step = JOURNEY.find((s) => s.id === id);
  if (!step) throw new Error(`No journey step ${id}`);
  return step;
};

export const stepForRoute = (path: string): JourneyStep | undefined =>
  JOURNEY.find((s) => [s.route, ...s.aliases].some((r) => normalize(r) === normalize(path)));

/** The review panels, in the order of the steps they show. */
export const REVIEW_SECTIONS: readonly ReviewSection[] = [
  ...new Set(JOURNEY.flatMap((s) => (s.reviewSection ? [s.reviewSection] : []))),
];

/** The step an Edit on a review panel leads to: the first the panel shows. */
export const stepOfSection = (section: ReviewSection): JourneyStep => {
  const step = JOURNEY.find((s) => s.reviewSection === section);
  if (!step) throw new Error(`No step in review section ${section}`);
  return step;
};

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
