// A renewal and a new passport (issue 31, decision 057): a new application's draft filled in from
// the last one. What does not depend on the trip is carried over (contact, the person, the history
// answers, which the traveller confirms again on the review like every section); the trip is asked
// afresh; the passport is carried only while it lasts a new authorization's full length.
import type { ApplicationDraft, Bearer } from './application.ts';
import { DOCUMENT_EXPIRY_YEARS, REQUEST_STATUS } from './constants.ts';
import { addYearsIso, type IsoDate } from './dates.ts';
import type { JourneyStepId } from './journey.ts';
import type { MessageId } from './messages.ts';

/** How each of a traveller's fields fares in a renewal. */
export type RenewalFate = 'carried' | 'confirmAgain' | 'passport' | 'asked';

/** Every field of a traveller and its fate: the table the renewal and its tests read. */
export const RENEWAL_FIELDS = {
  // Server-owned: the new application gets its own.
  bearerId: 'asked',
  bearerDocSuffix: 'asked',
  // The person (trip-independent), carried.
  relationshipTypeId: 'carried',
  nationalityId: 'carried',
  firstName: 'carried',
  lastName: 'carried',
  birthDate: 'carried',
  birthCountryId: 'carried',
  gender: 'carried',
  fatherFirstName: 'carried',
  fatherLastName: 'carried',
  motherFirstName: 'carried',
  motherLastName: 'carried',
  maritalStatusId: 'carried',
  mobilePhoneNum: 'carried',
  homePhoneNum: 'carried',
  addressCountryId: 'carried',
  addressTownName: 'carried',
  companyName: 'carried',
  companyRole: 'carried',
  companyEmailAddress: 'carried',
  companyPhoneNum: 'carried',
  companyOccupationTypeId: 'carried',
  anotherNationalityArray: 'carried',
  bearerStatusArray: 'carried',
  // The passport document: carried only while it lasts a new authorization.
  passportTypeId: 'passport',
  passportNum: 'passport',
  biometricPassportYN: 'passport',
  passportCountryId: 'passport',
  passportIssueDate: 'passport',
  passportExpireDate: 'passport',
  // The authorization's end, and the photo (a renewal takes a current one), asked again.
  bearerDocExpireDate: 'asked',
  photoId: 'asked',
  // The trip, asked afresh.
  entryReasonId: 'asked',
  lengthOfStayId: 'asked',
  estimatedArrivalDate: 'asked',
  portOfEntryCountryId: 'asked',
  // The history answers: carried, to be confirmed again.
  previousStayInIsraelYN: 'confirmAgain',
  previousYearInIsrael: 'confirmAgain',
  anotherVisaRequestYN: 'confirmAgain',
  anotherVisaRequestId: 'confirmAgain',
  anotherVisaRequestDesc: 'confirmAgain',
  previousRequestDeniedYN: 'confirmAgain',
  previousRequestDeniedDesc: 'confirmAgain',
  lawProblemsYN: 'confirmAgain',
  lawProblemsArray: 'confirmAgain',
} as const satisfies Record<keyof Bearer, RenewalFate>;

/** Why a traveller's passport was not carried over. */
type RenewalPassportNotice = Extract<
  MessageId,
  'renewalPassportExpired' | 'renewalPassportExpiresSoon'
>;

export interface RenewalNotice {
  /** The traveller's place in the group (0: the application's own). */
  traveller: number;
  step: JourneyStepId;
  message: RenewalPassportNotice;
}

export interface RenewalDraft {
  draft: ApplicationDraft;
  /** Why a step that was filled in before is empty now. */
  notices: RenewalNotice[];
  /** The steps whose carried answers the traveller confirms again on the review. */
  confirmAgain: readonly JourneyStepId[];
}

/**
 * Whether a passport lasts a new authorization's full length (two years from today). A passport
 * that ends sooner would end the new authorization with it (authorizationValidUntil), and the
 * reason for renewing is usually just that: so it is asked for again, with the reason.
 */
export const passportLastsNewAuthorization = (expiry: IsoDate, today: IsoDate): boolean =>
  expiry !== '' && expiry >= addYearsIso(today, DOCUMENT_EXPIRY_YEARS);

const passportNotice = (expiry: IsoDate, today: IsoDate): RenewalPassportNotice | null => {
  if (passportLastsNewAuthorization(expiry, today)) return null;
  return expiry === '' || expiry < today ? 'renewalPassportExpired' : 'renewalPassportExpiresSoon';
};

const EMPTY: { [K in keyof Bearer]?: Bearer[K] } = {
  bearerId: null,
  bearerDocSuffix: null,
  passportTypeId: null,
  passportNum: '',
  biometricPassportYN: null,
  passportCountryId: null,
  passportIssueDate: '',
  passportExpireDate: '',
  bearerDocExpireDate: '',
  photoId: null,
  entryReasonId: null,
  lengthOfStayId: null,
  estimatedArrivalDate: '',
  portOfEntryCountryId: null,
};

const renewedBearer = (previous: Bearer, keepPassport: boolean): Bearer => {
  const bearer = { ...previous };
  for (const [field, fate] of Object.entries(RENEWAL_FIELDS) as [keyof Bearer, RenewalFate][]) {
    if (fate === 'asked' || (fate === 'passport' && !keepPassport)) {
      Object.assign(bearer, { [field]: EMPTY[field] });
    }
  }
  return bearer;
};

/** The passport fields of a new passport, as the status page's form gives them. */
export interface NewPassport {
  passportNum: string;
  passportCountryId: NonNullable<Bearer['passportCountryId']>;
  passportIssueDate: IsoDate;
  passportExpireDate: IsoDate;
}

/**
 * A new application's draft from the last one. `newPassport`, when given (the status page's "My
 * passport was replaced"), fills the first traveller's passport with it; its type and chip are
 * taken as the old passport's (the traveller reviews the passport step as every step).
 */
export const renewalDraft = (
  previous: ApplicationDraft,
  today: IsoDate,
  newPassport?: NewPassport,
): RenewalDraft => {
  const notices: RenewalNotice[] = [];
  const bearerList = previous.bearerList.map((bearer, traveller) => {
    if (traveller === 0 && newPassport) {
      // The passport's type and chip are as the old one's, to be confirmed on the review.
      const { passportTypeId, biometricPassportYN } = bearer;
      return {
        ...renewedBearer(bearer, false),
        passportTypeId,
        biometricPassportYN,
        ...newPassport,
      };
    }
    const notice = passportNotice(bearer.passportExpireDate, today);
    if (notice) notices.push({ traveller, step: 'passport', message: notice });
    return renewedBearer(bearer, notice === null);
  });
  // The applicant ('Someone else') is carried as they were: their own passport is not the
  // traveller's. For 'Myself' the first step keeps no details of its own (applicantStep).
  const draft: ApplicationDraft = {
    ...previous,
    reqStatusId: { ...REQUEST_STATUS.submitted },
    reqDeclaration: 0,
    reqDisclaimer: 0,
    bearerList,
  };
  return { draft, notices, confirmAgain: ['history'] };
};
