// A date as three boxes, DD MM YYYY (SPEC §5 "Generic"), in one labelled group.
import type { DateFields, MessageId } from '@eta-il/domain';
import { describedBy } from '@eta-il/ui';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DigitsInput } from './DigitsInput.tsx';
import { FieldMessages } from './Field.tsx';
import { RefusedNote, useRefusedInput } from './RefusedInput.tsx';

export interface DateFieldProps {
  fields: DateFields;
  legend: string;
  hint?: string | undefined;
  register: (name: string) => UseFormRegisterReturn;
  errors: Partial<Record<string, MessageId>>;
  warning?: MessageId | undefined;
  autoCompleteBirth?: boolean;
}

export const DateField = ({
  fields,
  legend,
  hint,
  register,
  errors,
  warning,
  autoCompleteBirth,
}: DateFieldProps) => {
  const { t } = useTranslation('common');
  const erroring = [fields.day, fields.month, fields.year].find((name) => errors[name]);
  const error = erroring === undefined ? undefined : errors[erroring];
  const group = fields.day;
  const { refused, typed } = useRefusedInput();
  const boxes = [
    { name: fields.day, label: t('date.day'), digits: 2, next: fields.month, auto: 'bday-day' },
    {
      name: fields.month,
      label: t('date.month'),
      digits: 2,
      next: fields.year,
      auto: 'bday-month',
    },
    { name: fields.year, label: t('date.year'), digits: 4, next: undefined, auto: 'bday-year' },
  ];
  return (
    <fieldset
      className={`field date-field${error ? ' field--error' : ''}`}
      aria-describedby={describedBy(`${group}-group`, { hint, error, warning })}
    >
      <legend className="field__label">{legend}</legend>
      {hint && (
        <p id={`${group}-group-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <FieldMessages
        name={`${group}-group`}
        field={erroring ?? group}
        error={error}
        warning={warning}
      />
      <RefusedNote id={`${group}-group-refused`} refused={refused} />
      {/* The boxes follow the page's direction (day first, on the right in Hebrew and Arabic); the
          digits in each stay left-to-right. */}
      <div className="date-field__boxes">
        {boxes.map((box) => (
          <div className="date-field__box" key={box.name}>
            <label className="date-field__label" htmlFor={box.name}>
              {box.label}
            </label>
            <DigitsInput
              id={box.name}
              registration={register(box.name)}
              maxDigits={box.digits}
              nextId={box.next}
              onTyped={typed}
              className={box.digits === 4 ? 'input--year' : 'input--2'}
              aria-invalid={errors[box.name] ? true : undefined}
              autoComplete={autoCompleteBirth ? box.auto : 'off'}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
};
