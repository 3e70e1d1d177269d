// The declaration: the box 'I confirm the terms and conditions' (draft reqDeclaration) and Submit.
import type { MessageId } from '@eta-il/domain';
import { describedBy } from '@eta-il/ui';
import { useTranslation } from 'react-i18next';
import { FieldMessages } from '../../components/Field.tsx';
import { NavBar } from '../../components/NavBar.tsx';
import { DECLARATION_FIELD } from './useReview.ts';

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
      <NavBar actions={[{ label: t('declaration.submit'), busy: sending }]} />
    </>
  );
};
