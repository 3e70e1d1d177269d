// /emailMach (SPEC §2 "Email"): the address and its confirmation. Next stores it in the draft
// and the session, then goes to the code. The browser's back button leads to the start page.
import { emailStep, normalizeEmail } from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field.tsx';
import { intentOf, StepNavBar, StepPage, useStepScreen } from '../../components/StepScreen.tsx';
import { writeDraft } from '../../session/draft.ts';
import { readSession, writeSession } from '../../session/storage.ts';

type EmailField = 'EmailAddress' | 'ConfirmEmail';

/** A new address needs a new code: the old confirmation belongs to the old address. */
const rememberEmail = (email: string) => {
  if (readSession('emailAddress') !== email) {
    writeSession('auth-token', null);
    writeSession('timestampcode', null);
  }
  writeSession('emailAddress', email);
};

export const EmailPage = () => {
  const { t } = useTranslation(['email', 'common']);
  const { context, step, proceed, form, errors, errorOf, submit } = useStepScreen(
    'email',
    emailStep,
  );
  const input = (name: EmailField) => (
    <Field
      name={name}
      label={t(`fields.${name}.label`)}
      hint={t(`fields.${name}.hint`)}
      error={errorOf(name)}
    >
      <input
        {...form.register(name)}
        className="input"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        dir="ltr"
        placeholder={t('common:enterHere')}
      />
    </Field>
  );

  return (
    <StepPage
      step={step}
      title={t('documentTitle')}
      heading={t('title')}
      errors={errors}
      labelOf={(f) => t(`fields.${f}.label`)}
    >
      <p className="lead">{t('lead')}</p>
      <form
        noValidate
        onSubmit={(event) => {
          const intent = intentOf(event);
          return submit((values) => {
            const draft = emailStep.toDraft(values, context);
            writeDraft(draft);
            rememberEmail(normalizeEmail(values.EmailAddress));
            proceed(intent);
          })(event);
        }}
      >
        {input('EmailAddress')}
        {input('ConfirmEmail')}
        <StepNavBar id="email" editing={false} />
      </form>
    </StepPage>
  );
};
