// The application as the traveller's review page shows it: each traveller's trip, passport,
// personal details and history, under the traveller's screens' own labels and questions, with
// countries and list values named and dates in words. What the traveller typed is shown as text.
import {
  ARRIVAL_DATE,
  type Bearer,
  BIRTH_DATE,
  type CaseDetails,
  EXPIRY_DATE,
  ISSUE_DATE,
} from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { type Row, Rows } from '../../components/Rows.tsx';
import { type Names, useNames } from '../../names.ts';

/** Typed text and numbers read in their own direction. */
const typed = (text: string) => (text ? <bdi dir="auto">{text}</bdi> : '');
const ltr = (text: string) => (text ? <bdi dir="ltr">{text}</bdi> : '');

const bearerRows = (
  b: Bearer,
  names: Names,
  label: (ns: string, field: string) => string,
  none: string,
) => {
  const row = (ns: string, field: string, value: Row['value']): Row => ({
    key: `${ns}-${field}`,
    label: label(ns, field),
    value,
  });
  const travel = [
    row('travel', 'entryReasonId', names.listed('entryReasons', b.entryReasonId)),
    row('travel', ARRIVAL_DATE.day, names.date(b.estimatedArrivalDate)),
    row('travel', 'lengthOfStayId', names.listed('lengthOfStay', b.lengthOfStayId)),
  ];
  const passportType = b.passportTypeId && {
    id: b.passportTypeId.docTypeId,
    Description: b.passportTypeId.docTypeDesc,
  };
  const passport = [
    row('passport', 'lastName', typed(b.lastName)),
    row('passport', 'firstName', typed(b.firstName)),
    row('passport', BIRTH_DATE.day, names.date(b.birthDate)),
    row('passport', 'birthCountryId', names.country(b.birthCountryId)),
    row('passport', 'nationalityId', names.country(b.nationalityId)),
    row('passport', 'gender', names.listed('gender', b.gender)),
    row('passport', 'passportTypeId', names.listed('passportType', passportType)),
    row('passport', 'passportNum', ltr(b.passportNum)),
    row('passport', 'passportCountryId', names.country(b.passportCountryId)),
    row('passport', 'isBiometricPassport', names.yesNo(b.biometricPassportYN)),
    row('passport', ISSUE_DATE.day, names.date(b.passportIssueDate)),
    row('passport', EXPIRY_DATE.day, names.date(b.passportExpireDate)),
  ];
  const personal = [
    row(
      'personal',
      'anotherNationalityArray',
      b.anotherNationalityArray.map((n) => names.country(n)).join(', ') || none,
    ),
    row('personal', 'maritalStatusId', names.listed('maritalStatus', b.maritalStatusId)),
    row('personal', 'fatherFirstName', typed(b.fatherFirstName)),
    row('personal', 'fatherLastName', typed(b.fatherLastName)),
    row('personal', 'motherFirstName', typed(b.motherFirstName)),
    row('personal', 'motherLastName', typed(b.motherLastName)),
    row('personal', 'mobilePhoneNum', ltr(b.mobilePhoneNum && `+${b.mobilePhoneNum}`)),
    row('personal', 'homePhoneNum', ltr(b.homePhoneNum && `+${b.homePhoneNum}`)),
    row('personal', 'addressCountryId', names.country(b.addressCountryId)),
    row('personal', 'addressTownName', typed(b.addressTownName)),
    row(
      'personal',
      'companyOccupationTypeId',
      names.listed('occupation', b.companyOccupationTypeId),
    ),
    row('personal', 'companyName', typed(b.companyName)),
    row('personal', 'companyRole', typed(b.companyRole)),
  ];
  // The history questions as the traveller was asked them, each answer under its question.
  const history = [
    row('history', 'previousStayInIsraelYN', names.yesNo(b.previousStayInIsraelYN)),
    ...(b.previousStayInIsraelYN === 1
      ? [row('history', 'previousYearInIsrael', String(b.previousYearInIsrael ?? ''))]
      : []),
    row('history', 'anotherVisaRequestYN', names.yesNo(b.anotherVisaRequestYN)),
    ...(b.anotherVisaRequestYN === 1
      ? [row('history', 'anotherVisaRequestDesc', typed(b.anotherVisaRequestDesc))]
      : []),
    row('history', 'previousRequestDeniedYN', names.yesNo(b.previousRequestDeniedYN)),
    ...(b.previousRequestDeniedYN === 1
      ? [row('history', 'previousRequestDeniedDesc', typed(b.previousRequestDeniedDesc))]
      : []),
    row('history', 'lawProblemsYN', names.yesNo(b.lawProblemsYN)),
  ];
  return { travel, passport, personal, history };
};

export const ApplicationSummary = ({ c }: { c: CaseDetails }) => {
  const { t } = useTranslation();
  const names = useNames();
  const label = (ns: string, field: string) => t(`${ns}:fields.${field}.label`);
  const group = c.answers.bearerList.length > 1;
  const Sub = group ? 'h4' : 'h3';
  return (
    <section className="section" aria-labelledby="application-heading">
      <h2 id="application-heading">{t('application.title')}</h2>
      {c.answers.bearerList.map((b, index) => {
        const rows = bearerRows(b, names, label, t('application.none'));
        const id = `application-${index}`;
        return (
          <div key={id} className="office-application">
            {group && (
              <h3 id={id}>
                {t('case.traveller', { index: index + 1 })}:{' '}
                <bdi dir="auto">
                  {b.firstName} {b.lastName}
                </bdi>
              </h3>
            )}
            <Sub className="office-subheading">{t('application.travel')}</Sub>
            <Rows rows={rows.travel} />
            <Sub className="office-subheading">{t('application.passport')}</Sub>
            <Rows rows={rows.passport} />
            <Sub className="office-subheading">{t('application.personal')}</Sub>
            <Rows rows={rows.personal} />
            <Sub className="office-subheading">{t('application.history')}</Sub>
            <Rows rows={rows.history} />
          </div>
        );
      })}
    </section>
  );
};
