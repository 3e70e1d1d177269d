// A description box of up to 250 characters with a character count: the limit is part of the
// hint; what is left is shown as the traveller types and announced once they pause.
import { DESCRIPTION_LENGTH, type MessageId } from '@eta-il/domain';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field.tsx';
import { useDebounced } from '../../components/useDebounced.ts';

const ANNOUNCE_AFTER_MS = 1000;

export const DescriptionField = ({
  name,
  label,
  hint,
  registration,
  value,
  error,
  warning,
}: {
  name: string;
  label: string;
  hint?: string | undefined;
  registration: UseFormRegisterReturn;
  value: string;
  error: MessageId | undefined;
  warning?: MessageId | undefined;
}) => {
  const { t } = useTranslation('history');
  const max = DESCRIPTION_LENGTH.max;
  const remaining = t('characterCount.remaining', { count: Math.max(0, max - value.length) });
  const announced = useDebounced(remaining, ANNOUNCE_AFTER_MS);
  return (
    <div className="character-count">
      <Field
        name={name}
        label={label}
        hint={[hint, t('characterCount.limit', { max })].filter(Boolean).join(' ')}
        error={error}
        warning={warning}
      >
        <textarea
          className="textarea"
          rows={5}
          maxLength={max}
          dir="ltr"
          placeholder={t('common:enterHere')}
          {...registration}
        />
      </Field>
      <p className="character-count__message" aria-hidden="true">
        {remaining}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announced}
      </p>
    </div>
  );
};
