// A group of radios in a fieldset whose legend names it; used for Yes/No questions too.
import type { MessageId } from '@eta-il/domain';
import { describedBy } from '@eta-il/ui';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldHintAndMessages } from './Field.tsx';

export interface RadioOption {
  value: string;
  label: string;
}

export const RadioGroup = ({
  name,
  legend,
  hint,
  options,
  registration,
  error,
  warning,
  inline,
}: {
  name: string;
  legend: string;
  hint?: string | undefined;
  options: RadioOption[];
  registration: UseFormRegisterReturn;
  error?: MessageId | undefined;
  warning?: MessageId | undefined;
  inline?: boolean;
}) => (
  <fieldset
    className={`field radios${inline ? ' radios--inline' : ''}${error ? ' field--error' : ''}`}
    aria-describedby={describedBy(name, { hint, error, warning })}
  >
    <legend className="field__label">{legend}</legend>
    <FieldHintAndMessages name={name} hint={hint} error={error} warning={warning} />
    <div className="radios__items">
      {options.map((option, index) => (
        <div className="radios__item" key={option.value}>
          <input
            {...registration}
            className="radios__input"
            type="radio"
            id={index === 0 ? name : `${name}-${option.value.replace(/\W/g, '')}`}
            value={option.value}
            aria-invalid={error ? true : undefined}
          />
          <label
            className="radios__label"
            htmlFor={index === 0 ? name : `${name}-${option.value.replace(/\W/g, '')}`}
          >
            {option.label}
          </label>
        </div>
      ))}
    </div>
  </fieldset>
);
