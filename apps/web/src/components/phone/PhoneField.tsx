// A phone number: a country-flag dropdown with search (dial code, ISO code or name; from 2
// characters; debounced 250 ms) beside the number, shown in its country's mask (SPEC §5 "Phone
// input"). The value is the whole international number as digits, e.g. 12121234567.
import {
  digitsOnly,
  type MessageId,
  PHONE_DIGITS,
  PHONE_PLACEHOLDER,
  PHONE_SEARCH_DEBOUNCE_MS,
} from '@eta-il/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Combobox } from '../Combobox.tsx';
import { describedBy, FieldMessages } from '../Field.tsx';
import { RefusedNote, useRefusedInput } from '../RefusedInput.tsx';
import {
  flagOf,
  guessCountry,
  maskPhoneDigits,
  type PhoneCountry,
  phoneCountries,
  searchPhoneCountries,
  withDialCode,
} from './countries.ts';

export const PhoneField = ({
  name,
  label,
  hint,
  value,
  onChange,
  onBlur,
  error,
  required,
}: {
  name: string;
  label: string;
  hint?: string | undefined;
  value: string;
  onChange: (digits: string) => void;
  onBlur?: () => void;
  error?: MessageId | undefined;
  required?: boolean;
}) => {
  const { t, i18n } = useTranslation('common');
  const countries = useMemo(() => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      names = undefined;
    }
    return phoneCountries((iso2) => names?.of(iso2) ?? iso2, i18n.language);
  }, [i18n.language]);
  const guessed = guessCountry(value);
  const [chosen, setChosen] = useState<PhoneCountry | undefined>();
  const country =
    chosen && value.startsWith(chosen.dialCode)
      ? chosen
      : countries.find((c) => c.iso2 === guessed);
  const numberId = name;
  const { refused, typed } = useRefusedInput();
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
      <FieldMessages name={`${name}-group`} field={name} error={error} />
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
            setChosen(next);
            onChange(digitsOnly(withDialCode(value, country, next), PHONE_DIGITS.max));
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
          <span className="phone__prefix" aria-hidden="true">
            +
          </span>
          <input
            id={numberId}
            name={name}
            className="input phone__input"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            placeholder={PHONE_PLACEHOLDER}
            value={maskPhoneDigits(value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(`${name}-group`, { hint, error })}
            // No maxLength: it would count spaces and brackets and cut a pasted formatted
            // number short; digitsOnly stops the digits at 15.
            onChange={(event) => {
              typed(event.target.value);
              onChange(digitsOnly(event.target.value, PHONE_DIGITS.max));
            }}
            onBlur={onBlur}
          />
        </div>
      </div>
    </fieldset>
  );
};
