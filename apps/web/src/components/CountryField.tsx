// A country chosen from a reference list, held in the form as its composite value (SPEC §3). The
// list is in the order of the names shown, in the reader's language.
import { type Country, choiceId, type MessageId } from '@eta-il/domain';
import { useCallback } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { Combobox } from './Combobox.tsx';
import { useCountriesByName, useCountryName } from './countryNames.ts';

export const CountryField = <V extends FieldValues>({
  control,
  name,
  label,
  hint,
  countries,
  toValue,
  error,
  warning,
  autoComplete,
}: {
  control: Control<V>;
  name: Path<V>;
  label: string;
  hint?: string | undefined;
  countries: readonly Country[];
  toValue: (country: Country) => string;
  error?: MessageId | undefined;
  warning?: MessageId | undefined;
  /** The browser's autofill hint: `country-name` where the traveller's own country is asked. */
  autoComplete?: string;
}) => {
  const countryName = useCountryName();
  const label_ = useCallback((c: Country) => countryName(c), [countryName]);
  const sorted = useCountriesByName(countries);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Combobox<Country>
          name={name}
          label={label}
          hint={hint}
          items={sorted}
          itemKey={(c) => String(c.EXT_COUNTRY_ID)}
          itemLabel={label_}
          selected={countries.find((c) => c.EXT_COUNTRY_ID === choiceId(field.value)) ?? null}
          onSelect={(c) => field.onChange(c ? toValue(c) : '')}
          onBlur={field.onBlur}
          error={error}
          warning={warning}
          autoComplete={autoComplete ?? 'off'}
        />
      )}
    />
  );
};
