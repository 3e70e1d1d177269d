// The declaration: the box 'I confirm the terms and conditions' (draft reqDeclaration), the
// unticked box 'E-mail me before my authorization expires' (issue 31: consent, never assumed;
// sent with the submission as reminderConsent, for every traveller of a family) and Submit.
import { type MessageId, REMINDER_DAYS_BEFORE } from '@eta-il/domain';
import { describedBy } from '@eta-il/ui';
import { useTranslation } from 'react-i18next';
import { FieldMessages } from '../../components/Field.tsx';
import { NavBar } from '../../components/NavBar.tsx';
import { useSessionValue, writeSession } from '../../session/storage.ts';
import { DECLARATION_FIELD } from './useReview.ts';

const REMINDER_FIELD = 'reminderConsent';
const REMINDER_HINT = `${REMINDER_FIELD}-hint`;
// The reminders' days, quoted from the domain (not TEXT_PARAMETERS: another text's 30 days, the
// longest visit for some purposes, is no reminder's).
const [FIRST_REMINDER_DAYS, LAST_REMINDER_DAYS] = REMINDER_DAYS_BEFORE;

export const DeclarationPanel = ({
  ticked,
  error,
  sending,
  onChange,
}: {
  ticked: boolean;
  error: MessageId | undefined;
  sending: boolean;
  onChange: (ticked: boolean) => void;
}) => {
  const { t } = useTranslation('review');
  const reminders = useSessionValue(REMINDER_FIELD) === '1';
  return (
    <>
      <p>{t('declaration.text')}</p>
      <div className={`field${error ? ' field--error' : ''}`}>
        <FieldMessages name={DECLARATION_FIELD} error={error} />
        <div className="checkbox">
          <input
            id={DECLARATION_FIELD}
            name={DECLARATION_FIELD}
            type="checkbox"
            checked={ticked}
            onChange={(event) => onChange(event.target.checked)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(DECLARATION_FIELD, { error })}
          />
          <label htmlFor={DECLARATION_FIELD}>{t('declaration.label')}</label>
        </div>
      </div>
      <div className="field">
        <div className="checkbox">
          <input
            id={REMINDER_FIELD}
            name={REMINDER_FIELD}
            type="checkbox"
            checked={reminders}
            onChange={(event) => writeSession(REMINDER_FIELD, event.target.checked ? '1' : null)}
            aria-describedby={REMINDER_HINT}
          />
          <label htmlFor={REMINDER_FIELD}>{t('declaration.reminders')}</label>
        </div>
        <p id={REMINDER_HINT} className="field__hint">
          {t('declaration.remindersHint', {
            firstDays: FIRST_REMINDER_DAYS,
            lastDays: LAST_REMINDER_DAYS,
          })}
        </p>
      </div>
      <NavBar actions={[{ label: t('declaration.submit'), busy: sending }]} />
    </>
  );
};
