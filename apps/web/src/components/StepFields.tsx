// A step form's fields, one line each in a screen: every field finds its own texts (the label and
// hint under `fields.<name>` in the screen's namespace; a field shows a hint only where its texts
// have one) and its error and warning in the step's form.
import type { Country, DateFields, FormValues, MessageId } from '@eta-il/domain';
import type { Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CountryField } from './CountryField.tsx';
import { DateField } from './DateField.tsx';
import { Field } from './Field.tsx';
import { RadioGroup, type RadioOption } from './RadioGroup.tsx';
import { type Option, Select } from './SelectField.tsx';
import { TextField, type TextInputOptions } from './TextField.tsx';

export const useStepFields = <V extends FormValues>({
  form,
  ns,
  errorOf,
  warningOf = () => undefined,
}: {
  form: UseFormReturn<V>;
  /** The screen's texts. */
  ns: string;
  errorOf: (field: keyof V & string) => MessageId | undefined;
  warningOf?: (field: keyof V & string) => MessageId | undefined;
}) => {
  type Name = keyof V & string;
  const { t, i18n } = useTranslation([ns, 'common']);
  const register = (name: Name) => form.register(name as Path<V>);
  const label = (name: string) => t(`fields.${name}.label`);
  const hint = (name: string) =>
    i18n.exists(`fields.${name}.hint`, { ns }) ? t(`fields.${name}.hint`) : undefined;
  const texts = (name: Name) => ({
    name,
    label: label(name),
    hint: hint(name),
    error: errorOf(name),
    warning: warningOf(name),
  });

  return {
    /** A field's texts and messages, for a control the kit does not make. */
    texts,
    label,
    hint,
    text: (name: Name, options: TextInputOptions & { label?: string } = {}) => (
      <TextField {...texts(name)} registration={register(name)} {...options} />
    ),
    select: (name: Name, options: Option[]) => (
      <Field {...texts(name)}>
        <Select {...register(name)} options={options} />
      </Field>
    ),
    radios: (name: Name, options: RadioOption[], layout: { inline?: boolean } = {}) => {
      const { label: legend, ...rest } = texts(name);
      return (
        <RadioGroup
          {...rest}
          legend={legend}
          options={options}
          registration={register(name)}
          {...layout}
        />
      );
    },
    country: (
      name: Name & Path<V>,
      countries: readonly Country[],
      toValue: (country: Country) => string,
      autoComplete?: string,
    ) => (
      <CountryField
        {...texts(name)}
        name={name}
        control={form.control}
        countries={countries}
        toValue={toValue}
        {...(autoComplete !== undefined && { autoComplete })}
      />
    ),
    /** A date's three boxes; its legend, hint and warning are the day box's. */
    date: (fields: DateFields, birth?: { autoCompleteBirth: boolean }) => (
      <DateField
        fields={fields}
        legend={label(fields.day)}
        hint={hint(fields.day)}
        register={(name) => register(name as Name)}
        errors={Object.fromEntries(
          [fields.day, fields.month, fields.year].map((f) => [f, errorOf(f as Name)]),
        )}
        warning={warningOf(fields.day as Name)}
        {...birth}
      />
    ),
  };
};
