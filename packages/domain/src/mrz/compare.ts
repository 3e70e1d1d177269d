// A passport's MRZ against the passport stored with an application (decision 047): field by
// field, each as the MRZ gives it and as the record holds it, in MRZ form (capitals, names as
// words). The server refuses a request unless every field matches; the back office shows the
// same comparison to the officer.
import type { ApplicationDraft } from '../application.ts';
import { findCountry, type ReferenceData } from '../reference.ts';
import { isoCountryOfMrz } from './passport-values.ts';
import type { Td3Fields } from './td3.ts';

/** The passport as an application stores it; countries as ISO 3166-1 alpha-3 codes. */
export interface StoredPassport {
  documentNumber: string;
  birthDate: string;
  expiryDate: string;
  nationality: string;
  issuingCountry: string;
  surname: string;
  givenNames: string;
}

/** The main bearer's passport in an application's record. */
export const storedPassportOf = (
  record: ApplicationDraft,
  reference: ReferenceData,
): StoredPassport => {
  const bearer = record.bearerList[0];
  return {
    documentNumber: bearer?.passportNum ?? '',
    birthDate: bearer?.birthDate ?? '',
    expiryDate: bearer?.passportExpireDate ?? '',
    nationality: findCountry(reference, bearer?.nationalityId?.id)?.COUNTRY_CODE ?? '',
    issuingCountry: bearer?.passportCountryId?.COUNTRY_CODE ?? '',
    surname: bearer?.lastName ?? '',
    givenNames: bearer?.firstName ?? '',
  };
};

const COMPARED_FIELDS = [
  'documentNumber',
  'birthDate',
  'expiryDate',
  'nationality',
  'issuingCountry',
  'surname',
  'givenNames',
] as const satisfies readonly (keyof StoredPassport & keyof Td3Fields)[];
type ComparedField = (typeof COMPARED_FIELDS)[number];

export interface MrzFieldComparison {
  field: ComparedField;
  /** As the MRZ gives it. */
  given: string;
  /** As the application holds it, in the same form. */
  stored: string;
  matches: boolean;
}

/** Capitals, every run of anything but A–Z and 0–9 one space: a name as the MRZ writes it. */
const asMrzText = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();

const FORM: Record<ComparedField, (value: string) => string> = {
  documentNumber: (v) => v.replace(/\s+/g, '').toUpperCase(),
  birthDate: (v) => v,
  expiryDate: (v) => v,
  nationality: (v) => isoCountryOfMrz(v.toUpperCase()),
  issuingCountry: (v) => isoCountryOfMrz(v.toUpperCase()),
  surname: asMrzText,
  givenNames: asMrzText,
};

/** Each compared field of the MRZ beside the stored passport's. */
export const compareMrzWithPassport = (
  mrz: Td3Fields,
  stored: StoredPassport,
): MrzFieldComparison[] =>
  COMPARED_FIELDS.map((field) => {
    const given = FORM[field](mrz[field]);
    const kept = FORM[field](stored[field]);
    return { field, given, stored: kept, matches: given === kept };
  });
