// The day/month/year boxes of a date field (components/DateField.tsx) as a test fills them.
import { fireEvent, screen, within } from '@testing-library/react';

/** The three boxes of the date whose legend is `legend`, as in the application form. */
export const dateBoxes = (legend: string) => {
  const group = within(screen.getByRole('group', { name: legend }));
  return ['Day (DD)', 'Month (MM)', 'Year (YYYY)'].map(
    (label) => group.getByLabelText(label) as HTMLInputElement,
  );
};

/** Types an ISO date (YYYY-MM-DD) into the boxes of `legend`. */
export const fillDateBoxes = (legend: string, iso: string) => {
  const [year, month, day] = iso.split('-');
  const boxes = dateBoxes(legend);
  for (const [i, value] of [day, month, year].entries()) {
    fireEvent.change(boxes[i] as HTMLInputElement, { target: { value } });
  }
};
