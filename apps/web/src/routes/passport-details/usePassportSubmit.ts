// Next on the passport step (SPEC §4 "Passport submit"): the form's own rules first, then the
// country check with the server. Accepted: the step is saved and the journey goes on. Refused:
// the passport country is marked and takes focus. A failed request leads to the error page.
import { type PassportValues, passportStep, type RuleContext } from '@eta-il/domain';
import { focusField } from '@eta-il/ui';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { checkPassportCountry } from '../../api/calls.ts';
import { ERROR_ROUTE } from '../../components/ErrorScreen.tsx';
import { type Intent, intentOf } from '../../components/StepScreen.tsx';
import type { StepForm } from '../../components/useStepForm.ts';
import { writeDraft } from '../../session/draft.ts';
import { writeJson } from '../../session/storage.ts';
import { COUNTRY_REJECTED, countryCheckOf } from './countryCheck.ts';

export const usePassportSubmit = ({
  form,
  submit,
  context,
  proceed,
}: {
  form: UseFormReturn<PassportValues>;
  submit: StepForm<PassportValues>['submit'];
  context: RuleContext;
  proceed: (intent: Intent) => void;
}) => {
  const navigate = useNavigate();
  return (event: React.FormEvent<HTMLFormElement>) => {
    const intent = intentOf(event);
    return submit(async (values) => {
      const check = countryCheckOf(values, context.reference);
      let accepted: boolean;
      try {
        accepted = check !== undefined && (await checkPassportCountry(check));
      } catch {
        navigate(ERROR_ROUTE);
        return;
      }
      if (!accepted) {
        form.setError(COUNTRY_REJECTED.field as 'passportCountryId', {
          type: 'server',
          message: COUNTRY_REJECTED.message,
        });
        requestAnimationFrame(() => focusField(COUNTRY_REJECTED.field));
        return;
      }
      writeDraft(passportStep.toDraft(values, context));
      writeJson('dataPassportDetails', values);
      proceed(intent);
    })(event);
  };
};
