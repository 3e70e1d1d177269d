// The document half of the passport step: type, number, issuing country, nationality, biometric.
import {
  countryValue,
  nationalityOptions,
  PASSPORT_NUMBER_LENGTH,
  passportCountryOptions,
  passportCountryValue,
  passportTypeValue,
} from '@eta-il/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePassportTypeName } from '../../components/referenceNames.ts';
import { useStepFields } from '../../components/StepFields.tsx';
import type { PassportFieldsProps } from './fieldProps.ts';
import { PassportHelp } from './PassportHelp.tsx';

export const DocumentFields = ({ form, reference, errorOf, warningOf }: PassportFieldsProps) => {
  const { t } = useTranslation('common');
  const fields = useStepFields({ form, ns: 'passport', errorOf, warningOf });
  const typeName = usePassportTypeName();
  const countries = useMemo(() => passportCountryOptions(reference.allcountry), [reference]);
  const nationalities = useMemo(() => nationalityOptions(reference.allcountry), [reference]);
  const types = reference.passportType.map((type) => ({
    value: passportTypeValue(type),
    label: typeName(type),
  }));
  return (
    <>
      <div className="field-with-help">
        {fields.select('passportTypeId', types)}
        <PassportHelp topic="type" />
      </div>
      <div className="field-with-help">
        {fields.text('passportNum', {
          className: 'input--upper passport__number',
          maxLength: PASSPORT_NUMBER_LENGTH.max,
          autoCapitalize: 'characters',
        })}
        <PassportHelp topic="number" />
      </div>
      {fields.country('passportCountryId', countries, passportCountryValue)}
      {fields.country('nationalityId', nationalities, countryValue)}
      {fields.radios(
        'isBiometricPassport',
        [
          { value: '1', label: t('yes') },
          { value: '0', label: t('no') },
        ],
        { inline: true },
      )}
    </>
  );
};
