// A labelled one-line text box registered with react-hook-form. Every text the forms take is in
// Latin letters, digits or an address: it stays left-to-right in Hebrew and Arabic.
import type { MessageId } from '@eta-il/domain';
import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from './Field.tsx';

export type TextInputOptions = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'maxLength' | 'autoComplete' | 'autoCapitalize' | 'type' | 'inputMode'
> & {
  /** Classes beside `input` (`input--upper` for a passport number). */
  className?: string;
};

export const TextField = ({
  name,
  label,
  hint,
  error,
  warning,
  registration,
  className,
  ...input
}: {
  name: string;
  label: string;
  hint?: string | undefined;
  error?: MessageId | undefined;
  warning?: MessageId | undefined;
  registration: UseFormRegisterReturn;
} & TextInputOptions) => {
  const { t } = useTranslation('common');
  return (
    <Field name={name} label={label} hint={hint} error={error} warning={warning}>
      <input
        {...registration}
        className={className ? `input ${className}` : 'input'}
        type="text"
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        placeholder={t('enterHere')}
        {...input}
      />
    </Field>
  );
};
