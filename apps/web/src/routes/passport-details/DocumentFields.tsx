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
import { CountryField } from '../../components/CountryField.tsx';
import { Field } from '../../components/Field.tsx';
import { RadioGroup } from '../../components/RadioGroup.tsx';
import { usePassportTypeName } from '../../components/referenceNames.ts';
import { Select } from '../../components/SelectField.tsx';
import type { PassportFieldsProps } from './fieldProps.ts';
import { PassportNumberHelp, PassportTypeHelp } from './PassportHelp.tsx';

export const DocumentFields = ({ form, reference, errorOf, warningOf }: PassportFieldsProps) => {
  const { t } = useTranslation(['passport', 'common']);
  const typeName = usePassportTypeName();
  const countries = useMemo(() => passportCountryOptions(reference.allcountry), [reference]);
  const nationalities = useMemo(() => nationalityOptions(reference.allcountry), [reference]);
  return (
    <>
      <div className="field-with-help">
        <Field
          name="passportTypeId"
          label={t('fields.passportTypeId.label')}
          error={errorOf('passportTypeId')}
          warning={warningOf('passportTypeId')}
        >
          <Select
            {...form.register('passportTypeId')}
            options={reference.passportType.map((type) => ({
              value: passportTypeValue(type),
              label: typeName(type),
            }))}
          />
        </Field>
        <PassportTypeHelp />
      </div>
      <div className="field-with-help">
        <Field
          name="passportNum"
          label={t('fields.passportNum.label')}
          hint={t('fields.passportNum.hint')}
          error={errorOf('passportNum')}
        >
          <input
            {...form.register('passportNum')}
            className="input input--upper passport__number"
            type="text"
            maxLength={PASSPORT_NUMBER_LENGTH.max}
            dir="ltr"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={t('common:enterHere')}
          />
        </Field>
        <PassportNumberHelp />
      </div>
      <CountryField
        control={form.control}
        name="passportCountryId"
        label={t('fields.passportCountryId.label')}
        hint={t('fields.passportCountryId.hint')}
        countries={countries}
        toValue={passportCountryValue}
        error={errorOf('passportCountryId')}
      />
      <CountryField
        control={form.control}
        name="nationalityId"
        label={t('fields.nationalityId.label')}
        hint={t('fields.nationalityId.hint')}
        countries={nationalities}
        toValue={countryValue}
        error={errorOf('nationalityId')}
      />
      <RadioGroup
        name="isBiometricPassport"
        legend={t('fields.isBiometricPassport.label')}
        hint={t('fields.isBiometricPassport.hint')}
        inline
        options={[
          { value: '1', label: t('common:yes') },
          { value: '0', label: t('common:no') },
        ]}
        registration={form.register('isBiometricPassport')}
        error={errorOf('isBiometricPassport')}
      />
    </>
  );
};
