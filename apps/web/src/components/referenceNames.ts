// Reference-list descriptions in the reader's language: the `reference` namespace holds them by
// list and code; the English description from the server is the fallback and what is stored.
import type { CodedItem, EntryReason, Gender, LengthOfStay, PassportType } from '@eta-il/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const useListName = <T>(list: string, code: (item: T) => number, english: (item: T) => string) => {
  const { t } = useTranslation('reference');
  return useCallback(
    (item: T) => t(`${list}.${code(item)}`, { defaultValue: english(item) }),
    [t, list, code, english],
  );
};

const codeOf = (i: { Code: number }) => i.Code;
const descriptionOf = (i: { Description: string }) => i.Description;

export const useEntryReasonName = () =>
  useListName<EntryReason>('entryReasons', codeOf, descriptionOf);
export const useLengthOfStayName = () =>
  useListName<LengthOfStay>('lengthOfStay', codeOf, descriptionOf);
export const usePassportTypeName = () =>
  useListName<PassportType>(
    'passportType',
    (t) => t.docTypeId,
    (t) => t.docTypeDesc,
  );
export const useGenderName = () => useListName<Gender>('gender', codeOf, (g) => g.Gender);
export const useMaritalStatusName = () =>
  useListName<CodedItem>('maritalStatus', codeOf, descriptionOf);
export const useOccupationName = () => useListName<CodedItem>('occupation', codeOf, descriptionOf);
