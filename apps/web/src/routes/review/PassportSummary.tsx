// The review's passport details, in the order of the passport screen.
import {
  type ApplicationDraft,
  BIRTH_DATE,
  bearerOf,
  EXPIRY_DATE,
  formatDate,
  ISSUE_DATE,
  type ReferenceData,
} from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { yesNoKey } from './format.ts';
import { useFieldLabel, useStoredNames } from './names.ts';
import { SummaryList } from './SummaryList.tsx';

export const PassportSummary = ({
  draft,
  reference,
}: {
  draft: ApplicationDraft;
  reference: ReferenceData;
}) => {
  const { t, i18n } = useTranslation('common');
  const label = useFieldLabel();
  const names = useStoredNames(reference);
  const b = bearerOf(draft);
  const biometric = yesNoKey(b.biometricPassportYN);
  const row = (field: string, value: string) => ({
    key: field,
    label: label('passport', field),
    value,
  });
  return (
    <SummaryList
      rows={[
        row('passportTypeId', names.passportType(b.passportTypeId)),
        row('passportNum', b.passportNum),
        row('passportCountryId', names.country(b.passportCountryId)),
        row('nationalityId', names.country(b.nationalityId)),
        row('isBiometricPassport', biometric ? t(biometric) : ''),
        row('lastName', b.lastName),
        row('firstName', b.firstName),
        row(ISSUE_DATE.day, formatDate(b.passportIssueDate, i18n.language)),
        row(EXPIRY_DATE.day, formatDate(b.passportExpireDate, i18n.language)),
        row(BIRTH_DATE.day, formatDate(b.birthDate, i18n.language)),
        row('birthCountryId', names.country(b.birthCountryId)),
        row('gender', names.gender(b.gender)),
      ]}
    />
  );
};
