// Labels and stored-value names for the review. Labels are the step screens' own field labels
// (their namespaces); reference values are named in the reader's language where a translation
// exists.
import {
  findCoded,
  findCountry,
  findEntryReason,
  findGender,
  findLengthOfStay,
  findPassportType,
  type IdDescription,
  type ReferenceData,
} from '@eta-il/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryName } from '../../components/countryNames.ts';
import {
  useEntryReasonName,
  useGenderName,
  useLengthOfStayName,
  useMaritalStatusName,
  useOccupationName,
  usePassportTypeName,
} from '../../components/referenceNames.ts';

export const REVIEW_NAMESPACES = [
  'review',
  'travel',
  'passport',
  'personal',
  'history',
  'common',
  'messages',
  'saveLater',
];

export type StepNamespace = 'travel' | 'passport' | 'personal' | 'history';

/** The label of a step's field, as its own screen shows it: `<ns>:fields.<field>.label`. */
export const useFieldLabel = () => {
  const { t } = useTranslation(REVIEW_NAMESPACES);
  return useCallback((ns: StepNamespace, field: string) => t(`${ns}:fields.${field}.label`), [t]);
};

type Stored = IdDescription | null | undefined;

/** Names of the {id, Description} values kept in the draft. */
export const useStoredNames = (reference: ReferenceData) => {
  const country = useCountryName();
  const reason = useEntryReasonName();
  const stay = useLengthOfStayName();
  const passportType = usePassportTypeName();
  const gender = useGenderName();
  const marital = useMaritalStatusName();
  const occupation = useOccupationName();
  const named =
    <T>(find: (id: number) => T | undefined, name: (record: T) => string) =>
    (stored: Stored): string => {
      if (!stored) return '';
      const record = find(stored.id);
      return record ? name(record) : stored.Description;
    };
  return {
    country: named((id) => findCountry(reference, id), country),
    entryReason: named((id) => findEntryReason(reference, id), reason),
    lengthOfStay: named((id) => findLengthOfStay(reference, id), stay),
    gender: named((id) => findGender(reference, id), gender),
    maritalStatus: named((id) => findCoded(reference.maritalstatus, id), marital),
    occupation: named((id) => findCoded(reference.occupation, id), occupation),
    passportType: (stored: { docTypeId: number; docTypeDesc: string } | null) =>
      named(
        (id) => findPassportType(reference, id),
        passportType,
      )(stored && { id: stored.docTypeId, Description: stored.docTypeDesc }),
  };
};
