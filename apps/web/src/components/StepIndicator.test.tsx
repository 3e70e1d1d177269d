// SPEC §2, §4: the step indicator; each label split at its comma into a title and a sub-label,
// the current step marked and its position announced.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { ApplicationSteps, StepIndicator } from './StepIndicator.tsx';

const steps = () =>
  within(screen.getByRole('navigation', { name: 'Application progress' })).getAllByRole('listitem');

describe('StepIndicator', () => {
  it('splits each label at the comma into a title and a sub-label', () => {
    renderScreen(<ApplicationSteps current={2} />);
    const items = steps();
    expect(items).toHaveLength(5);
    const first = items[0]!;
    expect(within(first).getByText('Applicant').className).toBe('steps__title');
    expect(within(first).getByText('Who is applying').className).toBe('steps__sub');
    expect(within(items[4]!).getByText('Personal')).toBeTruthy();
    expect(within(items[4]!).getByText('Personal details')).toBeTruthy();
    expect(screen.queryByText(/,/)).toBeNull();
  });

  it('shows no sub-label for a label without a comma', () => {
    renderScreen(<StepIndicator labels={['Nationality,France', 'Eligibility']} current={2} />);
    const last = steps()[1]!;
    expect(within(last).getByText('Eligibility')).toBeTruthy();
    expect(last.querySelector('.steps__sub')).toBeNull();
  });

  it('marks only the current step with aria-current="step", and the steps before it done', () => {
    renderScreen(<ApplicationSteps current={2} />);
    expect(steps().map((li) => li.getAttribute('aria-current'))).toEqual([
      null,
      'step',
      null,
      null,
      null,
    ]);
    expect(steps()[0]!.className).toContain('steps__item--done');
    expect(steps()[2]!.className).toContain('steps__item--todo');
  });

  it("announces 'Step 2 of 5' in a polite live region", () => {
    renderScreen(<ApplicationSteps current={2} />);
    const position = screen.getByText('Step 2 of 5');
    expect(position.getAttribute('aria-live')).toBe('polite');
  });

  it('counts the steps it is given (3 eligibility steps)', () => {
    renderScreen(
      <StepIndicator
        labels={['Nationality,France', 'Main purpose,Tourism', 'Eligibility']}
        current={3}
      />,
    );
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
    expect(steps()[2]!.getAttribute('aria-current')).toBe('step');
  });

  it('hides the step numbers from assistive technology (the position is announced instead)', () => {
    renderScreen(<ApplicationSteps current={1} />);
    const number = within(steps()[0]!).getByText('1');
    expect(number.getAttribute('aria-hidden')).toBe('true');
  });
});
