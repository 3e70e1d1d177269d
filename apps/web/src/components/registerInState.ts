// The `register` of the day/month/year boxes (DateField) for a small form kept in React state,
// such as the status look-up: react-hook-form stays with the application screens (decision 015).
// The boxes are uncontrolled: each change is told to `set`, and a box put back on screen (the
// correction form after a refused code) shows the value the state still holds.
import type { UseFormRegisterReturn } from 'react-hook-form';

export const registerInState =
  (
    values: Readonly<Record<string, string | undefined>>,
    set: (name: string, value: string) => void,
  ) =>
  (name: string): UseFormRegisterReturn => ({
    name,
    // Never over what the browser holds: a box filled before hydration keeps its digits.
    ref: (box: HTMLInputElement | null) => {
      if (box && !box.value) box.value = values[name] ?? '';
    },
    onBlur: async () => {},
    onChange: async (event: { target: HTMLInputElement }) => set(name, event.target.value),
  });
