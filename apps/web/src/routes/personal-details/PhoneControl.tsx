// A phone number of the personal-details form: the shared PhoneField, held by react-hook-form,
// its country preset to the passport's (decision 041).
import { type MessageId, type PersonalValues, passportPhoneCountry } from '@eta-il/domain';
import { type Control, Controller } from 'react-hook-form';
import { PhoneField } from '../../components/phone/PhoneField.tsx';
import { useRuleContext } from '../../components/StepScreen.tsx';

type PhoneName = 'mobilePhoneNum' | 'homePhoneNum' | 'companyPhoneNum';

export const PhoneControl = ({
  control,
  name,
  label,
  hint,
  error,
  required,
}: {
  control: Control<PersonalValues>;
  name: PhoneName;
  label: string;
  hint?: string | undefined;
  error: MessageId | undefined;
  required: boolean;
}) => {
  const homeCountry = passportPhoneCountry(useRuleContext());
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <PhoneField
          name={name}
          label={label}
          hint={hint}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={error}
          required={required}
          homeCountry={homeCountry}
        />
      )}
    />
  );
};
