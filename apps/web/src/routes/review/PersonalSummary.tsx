// The review's personal details: page 1/2, the passport photo and page 2/2 (history).
import { type ApplicationDraft, type Bearer, bearerOf, type ReferenceData } from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { displayPhone, yesNoKey } from './format.ts';
import { type StepNamespace, useFieldLabel, useStoredNames } from './names.ts';
import { PhotoThumbnail } from './PhotoThumbnail.tsx';
import { SummaryList, type SummaryRow } from './SummaryList.tsx';

/** A phone number reads left to right in every language. */
const phone = (digits: string) => (digits ? <bdi dir="ltr">{displayPhone(digits)}</bdi> : '');

const employed = (b: Bearer) =>
  b.companyName !== '' || b.companyRole !== '' || b.companyPhoneNum !== '';

export const PersonalSummary = ({
  draft,
  reference,
  open,
}: {
  draft: ApplicationDraft;
  reference: ReferenceData;
  open: boolean;
}) => {
  const { t } = useTranslation(['review', 'common']);
  const label = useFieldLabel();
  const names = useStoredNames(reference);
  const b = bearerOf(draft);
  const row = (ns: StepNamespace, field: keyof Bearer, value: SummaryRow['value']) => ({
    key: field,
    label: label(ns, field),
    value,
  });
  const yesNo = (field: keyof Bearer) => {
    const key = yesNoKey(b[field] as Bearer['lawProblemsYN']);
    return row('history', field, key ? t(key) : '');
  };
  const nationalities = b.anotherNationalityArray.map((n) => names.country(n)).join(', ');
  const personal: SummaryRow[] = [
    row('personal', 'anotherNationalityArray', nationalities || t('review:none')),
    row('personal', 'maritalStatusId', names.maritalStatus(b.maritalStatusId)),
    row('personal', 'fatherFirstName', b.fatherFirstName),
    row('personal', 'fatherLastName', b.fatherLastName),
    row('personal', 'motherFirstName', b.motherFirstName),
    row('personal', 'motherLastName', b.motherLastName),
    row('personal', 'mobilePhoneNum', phone(b.mobilePhoneNum)),
    row('personal', 'homePhoneNum', phone(b.homePhoneNum)),
    row('personal', 'addressCountryId', names.country(b.addressCountryId)),
    row('personal', 'addressTownName', b.addressTownName),
    row('personal', 'companyOccupationTypeId', names.occupation(b.companyOccupationTypeId)),
    ...(employed(b)
      ? [
          row('personal', 'companyName', b.companyName),
          row('personal', 'companyRole', b.companyRole),
          row('personal', 'companyPhoneNum', phone(b.companyPhoneNum)),
          row('personal', 'companyEmailAddress', b.companyEmailAddress),
        ]
      : []),
  ];
  const history: SummaryRow[] = [
    yesNo('previousStayInIsraelYN'),
    ...(b.previousStayInIsraelYN === 1
      ? [row('history', 'previousYearInIsrael', String(b.previousYearInIsrael ?? ''))]
      : []),
    yesNo('anotherVisaRequestYN'),
    ...(b.anotherVisaRequestYN === 1
      ? [row('history', 'anotherVisaRequestDesc', b.anotherVisaRequestDesc)]
      : []),
    yesNo('previousRequestDeniedYN'),
    ...(b.previousRequestDeniedYN === 1
      ? [row('history', 'previousRequestDeniedDesc', b.previousRequestDeniedDesc)]
      : []),
    yesNo('lawProblemsYN'),
  ];
  return (
    <>
      <h3>{t('review:subheadings.personal')}</h3>
      <SummaryList rows={personal} />
      <h3>{t('review:subheadings.photo')}</h3>
      <PhotoThumbnail photoId={b.photoId} active={open} />
      <h3>{t('review:subheadings.history')}</h3>
      <SummaryList rows={history} />
    </>
  );
};
