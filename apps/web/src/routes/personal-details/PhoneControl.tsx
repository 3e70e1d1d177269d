// A phone number of the personal-details form: the shared PhoneField, held by react-hook-form.
import type { MessageId, PersonalValues } from '@eta-il/domain';
import { type Control, Controller } from 'react-hook-form';
import { PhoneField } from '../../components/phone/PhoneField.tsx';

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
}) => (
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
      />
    )}
  />
);
