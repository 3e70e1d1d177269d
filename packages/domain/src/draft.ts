// The draft's blank template and small helpers, free of zod so that screens which only read or
// start a draft (the session shell, the journey) do not download the schemas.
import type { ApplicationDraft, Bearer, IdDescription } from './application.ts';
import {
  GROUP_DOC,
  GROUP_SIZE_MAX,
  GROUP_TYPE,
  RELATIONSHIP_TYPE,
  REQUEST_STATUS,
  REQUEST_TYPE_ID,
} from './constants.ts';

const blankBearer = (): Bearer => ({
  bearerId: null,
  bearerDocSuffix: null,
  relationshipTypeId: { ...RELATIONSHIP_TYPE.adult },
  passportTypeId: null,
  passportNum: '',
  biometricPassportYN: null,
  passportCountryId: null,
  passportIssueDate: '',
  passportExpireDate: '',
  bearerDocExpireDate: '',
  nationalityId: null,
  firstName: '',
  lastName: '',
  birthDate: '',
  birthCountryId: null,
  gender: null,
  fatherFirstName: '',
  fatherLastName: '',
  motherFirstName: '',
  motherLastName: '',
  maritalStatusId: null,
  mobilePhoneNum: '',
  homePhoneNum: '',
  addressCountryId: null,
  addressTownName: '',
  companyName: '',
  companyRole: '',
  companyEmailAddress: '',
  companyPhoneNum: '',
  companyOccupationTypeId: null,
  bearerStatusArray: [],
  entryReasonId: null,
  lengthOfStayId: null,
  estimatedArrivalDate: '',
  portOfEntryCountryId: null,
  previousStayInIsraelYN: null,
  previousYearInIsrael: null,
  anotherVisaRequestYN: null,
  anotherVisaRequestId: null,
  anotherVisaRequestDesc: '',
  previousRequestDeniedYN: null,
  previousRequestDeniedDesc: '',
  lawProblemsYN: null,
  lawProblemsArray: [],
  anotherNationalityArray: [],
  photoId: null,
});

/** The blank template the start step resets the draft to. */
export const blankDraft = (): ApplicationDraft => ({
  reqTypeId: REQUEST_TYPE_ID,
  groupDoc: GROUP_DOC,
  reqStatusId: { ...REQUEST_STATUS.submitted },
  reqMainEmailAddress: '',
  reqDeclaration: 0,
  reqDisclaimer: 0,
  groupTypeId: { ...GROUP_TYPE.myself },
  applicantPassportCountryId: null,
  applicantPassportNum: '',
  applicantFirstName: '',
  applicantLastName: '',
  applicantMobilePhoneNum: '',
  applicantTsadGimel: null,
  typeSort: `${GROUP_TYPE.myself.id}:${GROUP_TYPE.myself.Description}`,
  bearerList: [blankBearer()],
});

/**
 * Each traveller of a draft as a draft of one traveller, so that a group's every traveller is
 * checked and rebuilt by the rules of a single application. The applicant of a 'Myself' group is
 * its first traveller, who applies for the others: for them the group is 'Someone else' (a minor
 * may be among them; SPEC §5 refuses a minor only as the applicant).
 */
export const travellerDrafts = (draft: ApplicationDraft): ApplicationDraft[] =>
  draft.bearerList.map((bearer, index) => ({
    ...draft,
    groupTypeId: index === 0 ? draft.groupTypeId : { ...GROUP_TYPE.someoneElse },
    bearerList: [bearer],
  }));

/** The first traveller of a draft: the one the application's screens fill in. */
export const bearerOf = (draft: ApplicationDraft): Bearer => draft.bearerList[0] ?? blankBearer();

export const withBearer = (
  draft: ApplicationDraft,
  changes: Partial<Bearer>,
): ApplicationDraft => ({
  ...draft,
  bearerList: [{ ...bearerOf(draft), ...changes }],
});

/**
 * What a group enters once and offers to every traveller it adds: the trip ("same trip for
 * everyone", changeable per person) and the contact details. The passport, personal details, photo
 * and history answers are each traveller's own.
 */
export const SHARED_TRAVELLER_FIELDS = [
  'entryReasonId',
  'lengthOfStayId',
  'estimatedArrivalDate',
  'portOfEntryCountryId',
  'mobilePhoneNum',
  'homePhoneNum',
  'addressCountryId',
  'addressTownName',
] as const satisfies readonly (keyof Bearer)[];

export const canAddTraveller = (draft: ApplicationDraft) =>
  draft.bearerList.length < GROUP_SIZE_MAX;

/** The draft with one more traveller, who starts from the first traveller's trip and contact. */
export const addTraveller = (draft: ApplicationDraft): ApplicationDraft => {
  if (!canAddTraveller(draft)) return draft;
  const first = bearerOf(draft);
  const shared = Object.fromEntries(SHARED_TRAVELLER_FIELDS.map((f) => [f, first[f]]));
  return { ...draft, bearerList: [...draft.bearerList, { ...blankBearer(), ...shared }] };
};

/** The draft without traveller `index`; the first traveller (the application's own) stays. */
export const removeTraveller = (draft: ApplicationDraft, index: number): ApplicationDraft =>
  index <= 0 || index >= draft.bearerList.length
    ? draft
    : { ...draft, bearerList: draft.bearerList.filter((_, i) => i !== index) };

/** Traveller `index` of a group as a draft of one traveller: what the screens fill in. */
export const travellerView = (draft: ApplicationDraft, index: number): ApplicationDraft => {
  const views = travellerDrafts(draft);
  return views[index] ?? views[0] ?? draft;
};

/**
 * A traveller's view, as a screen changed it, written back into the group: the traveller in
 * place `index`, the application's own fields (e-mail, declaration, terms) for everyone. Only the
 * first traveller's view sets the group's type (a later traveller's view reads 'Someone else').
 */
export const withTravellerView = (
  draft: ApplicationDraft,
  index: number,
  view: ApplicationDraft,
): ApplicationDraft => {
  const place = index > 0 && index < draft.bearerList.length ? index : 0;
  if (place === 0) return { ...view, bearerList: [bearerOf(view), ...draft.bearerList.slice(1)] };
  return {
    ...view,
    groupTypeId: draft.groupTypeId,
    typeSort: draft.typeSort,
    bearerList: draft.bearerList.map((bearer, i) => (i === place ? bearerOf(view) : bearer)),
  };
};

/** "id:Description" → {id, Description}; the form's composite value format. */
export const idDescription = (value: string): IdDescription | null => {
  const m = /^(\d+):(.*)$/.exec(value);
  return m ? { id: Number(m[1]), Description: m[2]! } : null;
};
