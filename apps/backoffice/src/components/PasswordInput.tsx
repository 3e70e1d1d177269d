// A password box: left to right in either language, and named for the browser's password manager
// (the current password at sign-in, a new one at set-up). The field around it gives its id and
// description.
import type { InputHTMLAttributes } from 'react';

type PasswordInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'dir' | 'className' | 'autoComplete'
> & { autoComplete: 'current-password' | 'new-password' };

export const PasswordInput = (props: PasswordInputProps) => (
  <input {...props} className="input" type="password" dir="ltr" />
);
