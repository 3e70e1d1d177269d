// A box that takes digits only, up to its maximum, and moves focus on when full (SPEC §5
// "Generic"): used by date boxes, the code boxes and phone numbers.
import { digitsOnly } from '@eta-il/domain';
import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export interface DigitsInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  registration: UseFormRegisterReturn;
  maxDigits: number;
  /** The id of the box that takes focus when this one is full. */
  nextId?: string | undefined;
  /** Told each raw value before it is filtered (to say when a character was refused). */
  onTyped?: ((raw: string) => void) | undefined;
}

export const DigitsInput = ({
  registration,
  maxDigits,
  nextId,
  onTyped,
  className,
  ...rest
}: DigitsInputProps) => (
  <input
    {...rest}
    {...registration}
    className={`input input--digits${className ? ` ${className}` : ''}`}
    type="text"
    inputMode="numeric"
    autoComplete={rest.autoComplete ?? 'off'}
    maxLength={maxDigits}
    dir="ltr"
    onChange={(event) => {
      onTyped?.(event.target.value);
      event.target.value = digitsOnly(event.target.value, maxDigits);
      registration.onChange(event);
      if (event.target.value.length === maxDigits && nextId)
        document.getElementById(nextId)?.focus();
    }}
  />
);
