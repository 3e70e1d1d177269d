// /personalDetails and /PersonalDetails (SPEC §2, §5 "Personal details"): personal details 1/2.
// Additional nationalities, marital status, parents, contact, home address and occupation; saved
// into the draft, then on to the photo (or back to the review in edit mode).
import {
  codedValue,
  countryValue,
  homeCountryOptions,
  NAME_LENGTH,
  PARENT_FIRST_NAME_LENGTH,
  type PersonalValues,
  personalStep,
  TOWN_MAX_LENGTH,
} from '@eta-il/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockingAlerts } from '../../components/Alert.tsx';
import { CountryField } from '../../components/CountryField.tsx';
import { Field } from '../../components/Field.tsx';
import { useMaritalStatusName } from '../../components/referenceNames.ts';
import { Select } from '../../components/SelectField.tsx';
import { StepNavBar, StepPage, saveStep, useStepScreen } from '../../components/StepScreen.tsx';
import { PHONE_EXAMPLE } from '../../i18n/bidi.ts';
import { NationalitiesSection } from './NationalitiesSection.tsx';
import { OccupationSection } from './OccupationSection.tsx';
import { PhoneControl } from './PhoneControl.tsx';
import { TextField } from './TextField.tsx';

type FieldName = keyof PersonalValues & string;

const PARENTS = [
  ['fatherFirstName', PARENT_FIRST_NAME_LENGTH.max],
  ['fatherLastName', NAME_LENGTH.max],
  ['motherFirstName', PARENT_FIRST_NAME_LENGTH.max],
  ['motherLastName', NAME_LENGTH.max],
] as const;

export const PersonalDetailsPage = () => {
  const { t } = useTranslation(['personal', 'common']);
  const { context, step, editing, proceed, form, errors, errorOf, warningOf, submit } =
    useStepScreen('personal', personalStep);
  const label = (name: FieldName) => t(`fields.${name}.label`);
  const maritalName = useMaritalStatusName();
  const homeCountries = useMemo(
    () => homeCountryOptions(context.reference.allcountry),
    [context.reference],
  );

  return (
    <StepPage
      step={step}
      title={t('documentTitle')}
      heading={t('title')}
      caption={t('caption')}
      errors={errors}
      labelOf={(f) => t(`fields.${f}.label`)}
    >
      <BlockingAlerts errors={errors} />
      <p className="lead">{t('intro')}</p>
      <form noValidate onSubmit={saveStep({ step: personalStep, context, submit, proceed })}>
        <NationalitiesSection
          form={form}
          context={context}
          error={errorOf('anotherNationalityArray')}
        />

        <section className="section" aria-labelledby="marital-heading">
          <h2 id="marital-heading">{t('sections.marital')}</h2>
          <Field
            name="maritalStatusId"
            label={label('maritalStatusId')}
            error={errorOf('maritalStatusId')}
          >
            <Select
              {...form.register('maritalStatusId')}
              options={context.reference.maritalstatus.map((m) => ({
                value: codedValue(m),
                label: maritalName(m),
              }))}
            />
          </Field>
        </section>

        <fieldset className="section section--group" aria-describedby="parents-hint">
          <legend>
            <h2>{t('sections.parents')}</h2>
          </legend>
          <p id="parents-hint" className="field__hint">
            {t('parentsHint')}
          </p>
          {PARENTS.map(([name, max]) => (
            <TextField
              key={name}
              register={form.register}
              name={name}
              label={label(name)}
              error={errorOf(name)}
              maxLength={max}
              autoCapitalize="words"
              dir="ltr"
            />
          ))}
        </fieldset>

        <section className="section" aria-labelledby="contact-heading">
          <h2 id="contact-heading">{t('sections.contact')}</h2>
          {(['mobilePhoneNum', 'homePhoneNum'] as const).map((name) => (
            <PhoneControl
              key={name}
              control={form.control}
              name={name}
              label={label(name)}
              hint={t(`fields.${name}.hint`, PHONE_EXAMPLE)}
              error={errorOf(name)}
              required={name === 'mobilePhoneNum'}
            />
          ))}
        </section>

        <section className="section" aria-labelledby="address-heading">
          <h2 id="address-heading">{t('sections.address')}</h2>
          <CountryField<PersonalValues>
            control={form.control}
            name="addressCountryId"
            label={label('addressCountryId')}
            countries={homeCountries}
            toValue={countryValue}
            autoComplete="country-name"
            error={errorOf('addressCountryId')}
            warning={warningOf('addressCountryId')}
          />
          <TextField
            register={form.register}
            name="addressTownName"
            label={label('addressTownName')}
            hint={t('fields.addressTownName.hint')}
            error={errorOf('addressTownName')}
            maxLength={TOWN_MAX_LENGTH}
            autoComplete="address-level2"
            autoCapitalize="words"
            dir="ltr"
          />
        </section>

        <OccupationSection form={form} reference={context.reference} errorOf={errorOf} />

        <StepNavBar id="personal" editing={editing} />
      </form>
    </StepPage>
  );
};
