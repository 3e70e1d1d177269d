// A phone number as people type it (decision 041): a country-flag dropdown with search (dial code,
// ISO code or name; from 2 characters; debounced 250 ms; SPEC §5 "Phone input") beside the number.
// The country starts as the traveller's own (their passport's); the number is typed as dialled
// there ('07700 900123') or with + and a country code, and once the box is left it shows the
// international number ('+44 7700 900123'). The value is the international number's digits
// (SPEC §5), e.g. 447700900123.
import {
  type CountryCode,
  countryOfPhone,
  dialCodeOf,
  digitsOnly,
  internationalPhoneDigits,
  type MessageId,
  PHONE_DIGITS,
  PHONE_SEARCH_DEBOUNCE_MS,
} from '@eta-il/domain';
import { describedBy } from '@eta-il/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Combobox } from '../Combobox.tsx';
import { FieldMessages } from '../Field.tsx';
import { countryName } from '../issueText.ts';
import { RefusedNote, useRefusedInput } from '../RefusedInput.tsx';
import {
  examplePhone,
  flagOf,
  maskPhoneDigits,
  type PhoneCountry,
  phoneCountries,
  phoneText,
  searchPhoneCountries,
  withDialCode,
} from './countries.ts';

const isInternational = (text: string) => /^\s*(\+|00)/.test(text);

export const PhoneField = ({
  name,
  label,
  hint,
  value,
  onChange,
  onBlur,
  error,
  required,
  homeCountry,
}: {
  name: string;
  label: string;
  hint?: string | undefined;
  value: string;
  onChange: (digits: string) => void;
  onBlur?: () => void;
  error?: MessageId | undefined;
  required?: boolean;
  /** Where the traveller dials from at home (their passport's country): the country preset. */
  homeCountry?: CountryCode | undefined;
}) => {
  const { t, i18n } = useTranslation('common');
  const countries = useMemo(
    () => phoneCountries((iso2) => countryName(iso2, i18n.language), i18n.language),
    [i18n.language],
  );
  // The country a number without + is read in: the one chosen, else the traveller's own.
  const [chosen, setChosen] = useState<CountryCode | undefined>();
  const reading = chosen ?? homeCountry;
  // What is typed, while it is typed; otherwise the box shows the number in international form.
  const [text, setText] = useState<string | undefined>();
  const shownCode =
    value && !(reading && value.startsWith(dialCodeOf(reading)))
      ? (countryOfPhone(value) ?? reading)
      : reading;
  const country = countries.find((c) => c.iso2 === shownCode);
  const numberId = name;
  const { refused, typed } = useRefusedInput();
  const setNumber = (raw: string, from: CountryCode | undefined) => {
    const cleaned = phoneText(raw);
    setText(cleaned);
    onChange(digitsOnly(internationalPhoneDigits(cleaned, from), PHONE_DIGITS.max));
  };
  const example = examplePhone(country?.iso2);
  return (
    <fieldset
      className={`field phone${error ? ' field--error' : ''}`}
      aria-describedby={describedBy(`${name}-group`, { hint, error })}
    >
      <legend className="field__label">
        {label}
        {!required && <span className="field__optional"> {t('optional')}</span>}
      </legend>
      {hint && (
        <p id={`${name}-group-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <FieldMessages
        name={`${name}-group`}
        field={name}
        error={error}
        values={{ country: countryName(countryOfPhone(value) ?? shownCode ?? '', i18n.language) }}
      />
      <RefusedNote id={`${name}-group-refused`} refused={refused} />
      <div className="phone__row" dir="ltr">
        <Combobox<PhoneCountry>
          name={`${name}-country`}
          label={t('phone.country', { label })}
          labelHidden
          className="phone__country"
          items={countries}
          itemKey={(c) => c.iso2}
          itemLabel={(c) => `${flagOf(c.iso2)} +${c.dialCode} ${c.name}`}
          filter={searchPhoneCountries}
          debounceMs={PHONE_SEARCH_DEBOUNCE_MS}
          selected={country ?? null}
          onSelect={(next) => {
            if (!next) return;
            setChosen(next.iso2);
            // A number typed as dialled in a country is read again in the one chosen; a number
            // in international form has its dial code replaced.
            if (text !== undefined && !isInternational(text)) return setNumber(text, next.iso2);
            setText(undefined);
            if (value) onChange(digitsOnly(withDialCode(value, country, next), PHONE_DIGITS.max));
          }}
          placeholder={t('phone.search')}
          emptyText={t('noEntries')}
          renderItem={(c) => (
            <span>
              <span aria-hidden="true">{flagOf(c.iso2)}</span> {c.name}{' '}
              <span dir="ltr">+{c.dialCode}</span>
            </span>
          )}
        />
        <div className="phone__number">
          <label htmlFor={numberId} className="visually-hidden">
            {t('phone.number', { label })}
          </label>
          <input
            id={numberId}
            name={name}
            className="input phone__input"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            placeholder={example}
            value={text ?? (value ? `+${maskPhoneDigits(value)}` : '')}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(`${name}-group`, { hint, error })}
            // No maxLength: it would count spaces and brackets and cut a pasted formatted
            // number short; the value stops at 15 digits.
            onChange={(event) => {
              typed(event.target.value);
              if (isInternational(event.target.value)) setChosen(undefined);
              setNumber(event.target.value, reading);
            }}
            onBlur={() => {
              setText(undefined);
              onBlur?.();
            }}
          />
        </div>
      </div>
    </fieldset>
  );
};
