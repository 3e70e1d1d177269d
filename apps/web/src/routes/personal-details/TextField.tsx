// A labelled text box of the personal-details form, registered with react-hook-form.
import type { MessageId, PersonalValues } from '@eta-il/domain';
import type { InputHTMLAttributes } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field.tsx';

export const TextField = ({
  register,
  name,
  label,
  hint,
  error,
  warning,
  ...input
}: {
  register: UseFormRegister<PersonalValues>;
  name: Exclude<keyof PersonalValues & string, 'anotherNationalityArray'>;
  label: string;
  hint?: string | undefined;
  error: MessageId | undefined;
  warning?: MessageId | undefined;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'maxLength' | 'autoComplete' | 'autoCapitalize' | 'type' | 'dir'
>) => {
  const { t } = useTranslation('common');
  return (
    <Field name={name} label={label} hint={hint} error={error} warning={warning}>
      <input
        className="input"
        type="text"
        spellCheck={false}
        autoComplete="off"
        // Every text field here takes Latin letters only: it stays left-to-right in Hebrew and Arabic.
        dir="ltr"
        placeholder={t('enterHere')}
        {...input}
        {...register(name)}
      />
    </Field>
  );
};
