// The journey as data (STYLE.md §1), tested as a table: step → route, back, next, next in edit
// mode, indicator; and where a traveller who opens a route belongs.
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STEP_COUNT,
  type ApplicationDraft,
  allowedRoute,
  applicantStep,
  blankDraft,
  declarationStep,
  ELIGIBILITY_JOURNEY,
  ELIGIBILITY_STEP_COUNT,
  eligibilityNext,
  eligibilityStep,
  emailStep,
  firstUnfinishedStep,
  historyStep,
  JOURNEY,
  type JourneyStepId,
  nextRoute,
  PAGES,
  passportStep,
  personalStep,
  photoStep,
  REVIEW_SECTIONS,
  ROUTES,
  STATUS_ROUTE,
  stepById,
  stepForRoute,
  stepOfSection,
  travelStep,
  VERIFY_ROUTE,
  withBearer,
} from '../src/index.ts';
import { context, valuesWith } from './fixtures.ts';

// Personal details 1/2 → photo → 2/2: the domain places the photo screen (SPEC §2
// /PersonalDetailsImage, whose place in the flow SPEC does not give) between the two pages.
const TABLE: [JourneyStepId, string, string, string, string, number][] = [
  // id, route, back, next, next in edit mode, indicator
  ['applicant', '/forms', '/apply-for-an-eta-il-2', '/emailMach', '/emailMach', 1],
  ['email', '/emailMach', '/apply-for-an-eta-il-1/', '/codeMach', '/codeMach', 2],
  ['code', '/codeMach', '/emailMach', '/travelInfo', '/travelInfo', 2],
  ['travel', '/travelInfo', '/sort', '/passportDetails', '/review', 3],
  ['passport', '/passportDetails', '/travelInfo', '/personalDetails', '/review', 4],
  ['personal', '/personalDetails', '/passportDetails', '/PersonalDetailsImage', '/review', 5],
  ['photo', '/PersonalDetailsImage', '/personalDetails', '/PersonalDetailsQuestion', '/review', 5],
  ['history', '/PersonalDetailsQuestion', '/PersonalDetailsImage', '/review', '/review', 5],
  ['review', '/review', '/PersonalDetailsQuestion', '/thankyou', '/thankyou', 5],
  ['thankyou', '/thankyou', '/review', '/apply-for-an-eta-il-1/', '/apply-for-an-eta-il-1/', 5],
];

describe('journey table', () => {
  it('lists the steps in SPEC §4 order', () => {
    expect(JOURNEY.map((s) => s.id)).toEqual(TABLE.map(([id]) => id));
  });

  it.each(TABLE)(
    '%s: route %s, back %s, next %s, next in edit mode %s, indicator %i',
    (id, route, back, next, editNext, indicator) => {
      const step = stepById(id);
      expect(step.route).toBe(route);
      expect(step.back).toBe(back);
      expect(step.next).toBe(next);
      expect(nextRoute(id)).toBe(next);
      expect(nextRoute(id, true)).toBe(editNext);
      expect(step.indicator).toBe(indicator);
    },
  );

  it('the editable steps are the review sections: travel, passport, personal, photo, history', () => {
    expect(JOURNEY.filter((s) => s.editable).map((s) => s.id)).toEqual([
      'travel',
      'passport',
      'personal',
      'photo',
      'history',
    ]);
  });

  it('each step but the first is the next of the one before it', () => {
    for (let i = 1; i < JOURNEY.length; i++) {
      expect(JOURNEY[i - 1]!.next).toBe(JOURNEY[i]!.route);
    }
  });

  it('SPEC §2 back targets: email → start route, travel → /sort, personal 1/2 → /passportDetails', () => {
    expect(stepById('email').back).toBe(ROUTES.applyStart);
    expect(ROUTES.applyStart).toBe('/apply-for-an-eta-il-1/');
    expect(stepById('travel').back).toBe('/sort');
    expect(stepById('personal').back).toBe('/passportDetails');
  });

  it('has 5 application and 3 eligibility indicator steps, indicators never go back', () => {
    expect(APPLICATION_STEP_COUNT).toBe(5);
    expect(ELIGIBILITY_STEP_COUNT).toBe(3);
    const indicators = JOURNEY.map((s) => s.indicator);
    expect(indicators).toEqual([...indicators].sort((a, b) => a - b));
    expect(Math.max(...indicators)).toBe(APPLICATION_STEP_COUNT);
  });

  it('an unknown step id throws', () => {
    expect(() => stepById('nowhere' as JourneyStepId)).toThrow();
  });
});

describe('the other parts of the journey table', () => {
  it('§2 the eligibility questions: nationality → main purpose → result, then Apply or the visa options', () => {
    expect(ELIGIBILITY_JOURNEY.map((s) => [s.id, s.route, s.back, s.indicator])).toEqual([
      ['national', '/EligibilityNational', undefined, 1],
      ['mainPurpose', '/EligibilityMainPurpose', '/EligibilityNational', 2],
      ['result', '/EligibilityResult', '/EligibilityNational', 3],
    ]);
    expect(eligibilityNext('national')).toBe('/EligibilityMainPurpose');
    expect(eligibilityNext('mainPurpose')).toBe('/EligibilityResult');
    expect(eligibilityNext('result', true)).toBe('/apply-for-an-eta-il-1/');
    expect(eligibilityNext('result', false)).toBe('/visa-option');
    expect(eligibilityStep('result').needs).toEqual(['national', 'mainPurpose']);
    expect(() => eligibilityStep('nowhere' as 'national')).toThrow();
  });

  it('§4 review: three panels in step order; Edit on a panel opens its first step', () => {
    expect(REVIEW_SECTIONS).toEqual(['travel', 'passport', 'personal']);
    expect(JOURNEY.filter((s) => s.reviewSection === 'personal').map((s) => s.id)).toEqual([
      'personal',
      'photo',
      'history',
    ]);
    expect(stepOfSection('personal').route).toBe('/personalDetails');
    expect(JOURNEY.filter((s) => s.editable).every((s) => s.reviewSection)).toBe(true);
  });

  it('§2 the browser back button is blocked on travel information and leads to the start from the e-mail step', () => {
    expect(JOURNEY.filter((s) => s.browserBack === 'blocked').map((s) => s.id)).toEqual(['travel']);
    expect(JOURNEY.filter((s) => s.browserBack === 'toBack').map((s) => [s.id, s.back])).toEqual([
      ['email', '/apply-for-an-eta-il-1/'],
    ]);
  });

  it('every page has one route, a screen folder, and Back and Next lead to pages', () => {
    const paths = PAGES.flatMap((p) => [p.route, ...p.aliases].map((r) => r.toLowerCase()));
    expect(new Set(paths).size).toBe(paths.length);
    for (const page of PAGES) expect(page.screen).toMatch(/^[a-z]+(-[a-z]+)*$/);
    const known = new Set(PAGES.map((p) => p.route));
    for (const step of JOURNEY) {
      expect(known.has(step.back), step.id).toBe(true);
      expect(known.has(step.next), step.id).toBe(true);
    }
  });

  it('decision 015: the entry pages prerendered are the eligibility questions, the start, the statement, status and verify', () => {
    expect(PAGES.filter((p) => p.prerendered).map((p) => p.route)).toEqual([
      ROUTES.eligibilityNational,
      ROUTES.eligibilityMainPurpose,
      ROUTES.eligibilityResult,
      ROUTES.applyStart,
      ROUTES.accessibility,
      STATUS_ROUTE,
      VERIFY_ROUTE,
    ]);
  });
});

describe('route aliases', () => {
  it.each([
    ['/', 'applicant'],
    ['/forms', 'applicant'],
    ['/forms/', 'applicant'],
    ['/FORMS', 'applicant'],
    ['/personalDetails', 'personal'],
    ['/PersonalDetails', 'personal'],
    ['/personaldetails/', 'personal'],
    ['/PersonalDetailsImage', 'photo'],
    ['/PersonalDetailsQuestion', 'history'],
    ['/travelinfo', 'travel'],
    ['/emailMach/', 'email'],
    ['/codeMach', 'code'],
    ['/review', 'review'],
    ['/thankyou', 'thankyou'],
  ])('%s opens the %s step', (path, id) => {
    expect(stepForRoute(path)?.id).toBe(id);
  });

  it.each(['/sort', '/EligibilityNational', '/apply-for-an-eta-il-1/', '/nowhere', '/review/x'])(
    '%s is not a journey step',
    (path) => {
      expect(stepForRoute(path)).toBeUndefined();
    },
  );
});

describe('firstUnfinishedStep and allowedRoute', () => {
  const v = valuesWith();
  // The draft after each step, in journey order.
  const after: { id: JourneyStepId; draft: ApplicationDraft; verified: boolean }[] = [];
  let draft = blankDraft();
  const record = (id: JourneyStepId, next: ApplicationDraft, verified: boolean) => {
    draft = next;
    after.push({ id, draft, verified });
  };
  record('applicant', applicantStep.toDraft(v.applicant, context(draft)), false);
  record('email', emailStep.toDraft(v.email, context(draft)), false);
  record('code', draft, true);
  record('travel', travelStep.toDraft(v.travel, context(draft)), true);
  record('passport', passportStep.toDraft(v.passport, context(draft)), true);
  record('personal', personalStep.toDraft(v.personal, context(draft)), true);
  record('photo', photoStep.toDraft(v.photo, context(draft)), true);
  record('history', historyStep.toDraft(v.history, context(draft)), true);
  record('review', declarationStep.toDraft(v.declaration, context(draft)), true);

  it('a blank draft starts at the applicant step, and every later route leads there', () => {
    const progress = { draft: blankDraft(), verified: false };
    expect(firstUnfinishedStep(progress)?.id).toBe('applicant');
    expect(allowedRoute('/forms', progress)).toBe('/forms');
    expect(allowedRoute('/', progress)).toBe('/');
    for (const path of ['/emailMach', '/codeMach', '/travelInfo', '/review', '/thankyou']) {
      expect(allowedRoute(path, progress)).toBe('/forms');
    }
  });

  it('after the applicant step: the email step', () => {
    const progress = after[0]!;
    expect(firstUnfinishedStep(progress)?.id).toBe('email');
    expect(allowedRoute('/emailMach', progress)).toBe('/emailMach');
    expect(allowedRoute('/codeMach', progress)).toBe('/emailMach');
  });

  it('after the email: the code step; the travel screen is not open yet', () => {
    const progress = after[1]!;
    expect(firstUnfinishedStep(progress)?.id).toBe('code');
    expect(allowedRoute('/codeMach', progress)).toBe('/codeMach');
    expect(allowedRoute('/travelInfo', progress)).toBe('/codeMach');
    expect(allowedRoute('/emailMach', progress)).toBe('/emailMach');
  });

  it('after the code is verified: travel information', () => {
    const progress = after[2]!;
    expect(firstUnfinishedStep(progress)?.id).toBe('travel');
    expect(allowedRoute('/travelInfo', progress)).toBe('/travelInfo');
    expect(allowedRoute('/passportDetails', progress)).toBe('/travelInfo');
    expect(allowedRoute('/review', progress)).toBe('/travelInfo');
  });

  it.each([
    ['travel', 3, 'passport', '/passportDetails'],
    ['passport', 4, 'personal', '/personalDetails'],
    ['personal', 5, 'photo', '/PersonalDetailsImage'],
    ['photo', 6, 'history', '/PersonalDetailsQuestion'],
    ['history', 7, 'review', '/review'],
  ] as const)('after %s (draft %i) the next unfinished step is %s', (done, index, id, route) => {
    expect(after[index]!.id).toBe(done);
    const progress = after[index]!;
    expect(firstUnfinishedStep(progress)?.id).toBe(id);
    expect(allowedRoute(route, progress)).toBe(route);
    expect(allowedRoute('/thankyou', progress)).toBe(route);
  });

  it('the complete draft with the declaration ticked has no unfinished step', () => {
    const progress = after[8]!;
    expect(firstUnfinishedStep(progress)).toBeUndefined();
    expect(allowedRoute('/thankyou', progress)).toBe('/thankyou');
    expect(allowedRoute('/travelInfo', progress)).toBe('/travelInfo');
  });

  it('a step done before the code was verified does not count without it', () => {
    const progress = { draft: after[8]!.draft, verified: false };
    expect(firstUnfinishedStep(progress)?.id).toBe('code');
    expect(allowedRoute('/review', progress)).toBe('/codeMach');
  });

  it('a stored "No" (0) answer counts as an answer', () => {
    const history = withBearer(after[7]!.draft, {
      previousStayInIsraelYN: 0,
      anotherVisaRequestYN: 0,
    });
    expect(firstUnfinishedStep({ draft: history, verified: true })?.id).toBe('review');
  });

  it('routes outside the journey are left alone', () => {
    const progress = { draft: blankDraft(), verified: false };
    expect(allowedRoute('/EligibilityNational', progress)).toBe('/EligibilityNational');
    expect(allowedRoute('/apply-for-an-eta-il-1/', progress)).toBe('/apply-for-an-eta-il-1/');
  });
});
