// Six single-digit boxes in one labelled group (SPEC §2 "Code", §5): only digits are kept, focus
// moves on when a digit is typed (also over the same digit, when retyping a code), Backspace in an
// empty box goes back, and pasted (or autofilled) text spreads over the boxes from the one it
// landed in.
import {
  CODE_DIGITS,
  CODE_FIELDS,
  type CodeField,
  type CodeValues,
  digitsOnly,
  type Issue,
  spreadDigits,
} from '@eta-il/domain';
import { describedBy } from '@eta-il/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessages } from '../../components/Field.tsx';
import { RefusedNote, useRefusedInput } from '../../components/RefusedInput.tsx';

const focusBox = (index: number) => {
  const box = document.getElementById(CODE_FIELDS[Math.max(0, Math.min(index, CODE_DIGITS - 1))]!);
  box?.focus();
};

export const CodeBoxes = ({
  values,
  onChange,
  errors,
  disabled,
  hint,
  refusal,
}: {
  values: CodeValues;
  onChange: (values: CodeValues) => void;
  errors: Issue[];
  disabled: boolean;
  hint: string;
  /** The server's refusal, shown by the boxes. */
  refusal?: ReactNode;
}) => {
  const { t } = useTranslation('code');
  const invalid = (field: CodeField) => errors.some((e) => e.field === field);
  const error = errors[0]?.message;
  const { refused, typed: noteRefused } = useRefusedInput();
  const described = [describedBy('code', { hint, error }), refusal ? 'code-refusal' : undefined]
    .filter(Boolean)
    .join(' ');

  /** Puts `text` from box `index` on, and focuses the box after the last digit placed. */
  const place = (index: number, text: string) => {
    const digits = digitsOnly(text, CODE_DIGITS - index);
    if (digits === '') return;
    onChange(spreadDigits(values, index, digits));
    focusBox(index + digits.length);
  };

  return (
    <fieldset
      className={`field code${error ? ' field--error' : ''}`}
      aria-describedby={described || undefined}
    >
      <legend className="field__label">{t('legend')}</legend>
      <p id="code-hint" className="field__hint">
        {hint}
      </p>
      <FieldMessages name="code" error={error} />
      {refusal}
      <RefusedNote id="code-refused" refused={refused} />
      <div className="code__boxes" dir="ltr">
        {CODE_FIELDS.map((field, index) => (
          <div key={field} className="code__box">
            <label htmlFor={field} className="visually-hidden">
              {t('digit', { n: index + 1, total: CODE_DIGITS })}
            </label>
            <input
              id={field}
              name={field}
              className="input input--code"
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              value={values[field]}
              disabled={disabled}
              aria-invalid={invalid(field) || undefined}
              onFocus={(event) => event.target.select()}
              onChange={(event) => {
                const { value } = event.target;
                noteRefused(value);
                if (value === '') return onChange({ ...values, [field]: '' });
                // One character typed into a filled box replaces its digit; more is a paste or
                // an autofilled code, spread from here.
                const old = values[field];
                const typed =
                  old && value.length === old.length + 1 ? value.replace(old, '') : value;
                place(index, typed);
              }}
              onPaste={(event) => {
                event.preventDefault();
                noteRefused(event.clipboardData.getData('text'));
                place(index, event.clipboardData.getData('text'));
              }}
              onKeyDown={(event) => {
                if (event.key === 'Backspace' && values[field] === '' && index > 0) {
                  event.preventDefault();
                  focusBox(index - 1);
                } else if (event.key === 'ArrowLeft') focusBox(index - 1);
                else if (event.key === 'ArrowRight') focusBox(index + 1);
                else if (/^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey) {
                  // A digit typed replaces the box's own and moves on, even when it is the same
                  // digit (which changes nothing, so no change event would move focus on). Being
                  // a digit, it also clears the 'only numbers' note a letter left.
                  event.preventDefault();
                  noteRefused(event.key);
                  place(index, event.key);
                }
              }}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
};
