// The application draft held in session storage under `jsonForm` (SPEC §3), as a schema and a
// type. The schema checks the draft's shape; the step rules (steps/*) check its values.
import * as z from 'zod/mini';
import { GROUP_SIZE_MAX } from './constants.ts';

const IdDescription = z.object({ id: z.number(), Description: z.string() });
export type IdDescription = z.infer<typeof IdDescription>;

const Flag = z.nullable(z.union([z.literal(0), z.literal(1)]));
export type Flag = z.infer<typeof Flag>;

const BearerSchema = z.object({
  bearerId: z.nullable(z.number()),
  bearerDocSuffix: z.nullable(z.string()),
  relationshipTypeId: IdDescription,
  passportTypeId: z.nullable(z.object({ docTypeId: z.number(), docTypeDesc: z.string() })),
  passportNum: z.string(),
  biometricPassportYN: Flag,
  passportCountryId: z.nullable(
    z.object({ id: z.number(), COUNTRY_CODE: z.string(), Description: z.string() }),
  ),
  passportIssueDate: z.string(),
  passportExpireDate: z.string(),
  bearerDocExpireDate: z.string(),
  nationalityId: z.nullable(IdDescription),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.string(),
  birthCountryId: z.nullable(IdDescription),
  gender: z.nullable(IdDescription),
  fatherFirstName: z.string(),
  fatherLastName: z.string(),
  motherFirstName: z.string(),
  motherLastName: z.string(),
  maritalStatusId: z.nullable(IdDescription),
  mobilePhoneNum: z.string(),
  homePhoneNum: z.string(),
  addressCountryId: z.nullable(IdDescription),
  addressTownName: z.string(),
  companyName: z.string(),
  companyRole: z.string(),
  companyEmailAddress: z.string(),
  companyPhoneNum: z.string(),
  companyOccupationTypeId: z.nullable(IdDescription),
  bearerStatusArray: z.array(z.unknown()),
  entryReasonId: z.nullable(IdDescription),
  lengthOfStayId: z.nullable(IdDescription),
  estimatedArrivalDate: z.string(),
  portOfEntryCountryId: z.nullable(IdDescription),
  previousStayInIsraelYN: Flag,
  previousYearInIsrael: z.nullable(z.number()),
  anotherVisaRequestYN: Flag,
  anotherVisaRequestId: z.nullable(z.number()),
  anotherVisaRequestDesc: z.string(),
  previousRequestDeniedYN: Flag,
  previousRequestDeniedDesc: z.string(),
  lawProblemsYN: Flag,
  lawProblemsArray: z.array(z.object({ lawProblemId: z.number() })),
  anotherNationalityArray: z.array(IdDescription),
  /** The uploaded passport photo (POST /api/photo); an addition to SPEC §3. */
  photoId: z.nullable(z.string()),
});
export type Bearer = z.infer<typeof BearerSchema>;

/** The first step's raw form values, kept as typed (SPEC §3 `applicantTsadGimel`). */
const ApplicantValuesSchema = z.object({
  groupTypeId: z.string(),
  applicantPassportNum: z.string(),
  applicantPassportCountryId: z.string(),
  applicantFirstName: z.string(),
  applicantLastName: z.string(),
  applicantMobilePhoneNum: z.string(),
});
export type ApplicantValues = z.infer<typeof ApplicantValuesSchema>;

export const ApplicationDraftSchema = z.object({
  reqTypeId: z.number(),
  groupDoc: z.number(),
  reqStatusId: IdDescription,
  reqMainEmailAddress: z.string(),
  reqDeclaration: z.union([z.literal(0), z.literal(1)]),
  reqDisclaimer: z.union([z.literal(0), z.literal(1)]),
  groupTypeId: IdDescription,
  applicantPassportCountryId: z.nullable(IdDescription),
  applicantPassportNum: z.string(),
  applicantFirstName: z.string(),
  applicantLastName: z.string(),
  applicantMobilePhoneNum: z.string(),
  applicantTsadGimel: z.nullable(ApplicantValuesSchema),
  typeSort: z.string(),
  /** The travellers: one, or a group of up to GROUP_SIZE_MAX (SPEC's model; issue 13). */
  bearerList: z.array(BearerSchema).check(z.minLength(1), z.maxLength(GROUP_SIZE_MAX)),
});
export type ApplicationDraft = z.infer<typeof ApplicationDraftSchema>;
