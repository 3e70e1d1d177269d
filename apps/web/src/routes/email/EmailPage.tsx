// /emailMach (SPEC §2 "Email"): the address and its confirmation. Next stores it in the draft
// and the session, then goes to the code. The browser's back button leads to the start page.
import { emailStep, normalizeEmail } from '@eta-il/domain';
import { useStepFields } from '../../components/StepFields.tsx';
import { StepNavBar, StepPage, useStepScreen } from '../../components/StepScreen.tsx';
import type { TextInputOptions } from '../../components/TextField.tsx';
import { readSession, writeSession } from '../../session/storage.ts';

/** A new address needs a new code: the old confirmation belongs to the old address. */
const rememberEmail = (email: string) => {
  if (readSession('emailAddress') !== email) {
    writeSession('auth-token', null);
    writeSession('timestampcode', null);
  }
  writeSession('emailAddress', email);
};

export const EmailPage = () => {
  const { step, save, form, errors, errorOf } = useStepScreen('email', emailStep);
  const fields = useStepFields({ form, ns: 'email', errorOf });
  const email: TextInputOptions = {
    type: 'email',
    inputMode: 'email',
    autoComplete: 'email',
    autoCapitalize: 'none',
  };

  return (
    <StepPage step={step} ns="email" errors={errors}>
      <form
        noValidate
        onSubmit={save((values) => rememberEmail(normalizeEmail(values.EmailAddress)))}
      >
        {fields.text('EmailAddress', email)}
        {fields.text('ConfirmEmail', email)}
        <StepNavBar id="email" editing={false} />
      </form>
    </StepPage>
  );
};
