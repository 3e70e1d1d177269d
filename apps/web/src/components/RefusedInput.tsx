// What a digits-only box says when it refuses a typed character (issue 17: input a field cannot
// take is refused with a message, never dropped silently). The note is a live region that exists
// before it has text, so screen readers announce it as it appears.
import { refusesInDigits } from '@eta-il/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** `typed` takes each raw value before the box filters it; `refused` is whether the last held more. */
export const useRefusedInput = () => {
  const [refused, setRefused] = useState(false);
  const typed = useCallback((raw: string) => setRefused(refusesInDigits(raw)), []);
  return { refused, typed };
};

export const RefusedNote = ({ id, refused }: { id: string; refused: boolean }) => {
  const { t } = useTranslation('messages');
  return (
    <p id={id} className="field__note" role="status">
      {refused ? t('digitsOnlyTyped') : ''}
    </p>
  );
};
