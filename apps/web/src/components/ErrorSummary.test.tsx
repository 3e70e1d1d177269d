// SPEC §5 "Generic" (submit validates; with errors, focus goes to the error summary, not the first
// errored field: docs/decisions/028-focus-and-titles.md; the title then starts "Error:") and
// STYLE §6 (one error summary in page order with links that focus the field; the field wrapper
// sets aria-invalid and aria-describedby), through useStepForm driven by real domain steps.
import {
  ARRIVAL_DATE,
  blankDraft,
  emailStep,
  entryReasonValue,
  type FormValues,
  lengthOfStayValue,
  type RuleContext,
  type TravelValues,
  travelStep,
} from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { DateField } from './DateField.tsx';
import { setPageTitle } from './documentTitle.ts';
import { ErrorSummary } from './ErrorSummary.tsx';
import { Field } from './Field.tsx';
import { useStepForm } from './useStepForm.ts';

const context: RuleContext = { today: '2025-03-01', reference: referenceData, draft: blankDraft() };

const EMAIL_LABELS: Record<string, string> = {
  EmailAddress: 'Email address',
  // A trailing colon or question mark is dropped before the summary's own colon.
  ConfirmEmail: 'Confirm your email address:',
};
const EMAIL_BLANK = emailStep.blank();

const EmailForm = ({
  onValid,
  defaultValues = EMAIL_BLANK,
}: {
  onValid: (values: FormValues) => void;
  defaultValues?: typeof EMAIL_BLANK;
}) => {
  const { form, errors, submit } = useStepForm(emailStep, { defaultValues, context });
  return (
    <>
      <ErrorSummary errors={errors} labelOf={(f) => EMAIL_LABELS[f]!} />
      <form noValidate onSubmit={submit(onValid)}>
        {emailStep.fields.map((name) => (
          <Field
            key={name}
            name={name}
            label={EMAIL_LABELS[name]!}
            hint={`Hint for ${name}`}
            error={errors.find((e) => e.field === name)?.message}
          >
            <input {...form.register(name)} className="input" type="email" />
          </Field>
        ))}
        <button type="submit">Next</button>
      </form>
    </>
  );
};

const reason = referenceData.entryReasons.find((r) => r.Code === 1)!;
const stay = referenceData.lengthofstay.find((s) => s.Code === 1)!;
const TRAVEL_DEFAULTS: TravelValues = {
  ...travelStep.blank(),
  entryReasonId: entryReasonValue(reason),
  lengthOfStayId: lengthOfStayValue(stay),
};

/** The travel step with only its date on the page (the other answers given by default). */
const ArrivalForm = ({ onValid }: { onValid: (values: FormValues) => void }) => {
  const { form, errors, warnings, submit } = useStepForm(travelStep, {
    defaultValues: TRAVEL_DEFAULTS,
    context,
  });
  return (
    <>
      <ErrorSummary errors={errors} labelOf={() => 'Arrival date'} />
      <form noValidate onSubmit={submit(onValid)}>
        <DateField
          fields={ARRIVAL_DATE}
          legend="Arrival date"
          register={(name) => form.register(name)}
          errors={Object.fromEntries(errors.map((e) => [e.field, e.message]))}
          warning={warnings.find((w) => w.field === ARRIVAL_DATE.day)?.message}
        />
        <button type="submit">Next</button>
      </form>
    </>
  );
};

const next = () => screen.getByRole('button', { name: 'Next' });
const emailBox = () => screen.getByRole('textbox', { name: 'Email address' });
const confirmBox = () => screen.getByRole('textbox', { name: 'Confirm your email address:' });
const summaryLinks = () => within(screen.getByRole('alert')).getAllByRole('link');
const describedTexts = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);

describe('ErrorSummary with useStepForm (SPEC §5 "Generic", STYLE §6)', () => {
  it('shows nothing before the first submit', async () => {
    const user = userEvent.setup();
    renderScreen(<EmailForm onValid={vi.fn()} />);
    await user.type(emailBox(), 'not an address');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(emailBox().getAttribute('aria-invalid')).toBeNull();
  });

  it('on an empty submit lists every error in page order, each a link to its field, and blocks', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    renderScreen(<EmailForm onValid={onValid} />);
    await user.click(next());
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeTruthy();
    expect(summaryLinks().map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Enter your email address', '#EmailAddress'],
      ['Enter your email address again to confirm it', '#ConfirmEmail'],
    ]);
    expect(onValid).not.toHaveBeenCalled();
  });

  it('on a failed Next focus moves to the error summary and the title starts with "Error:" until the errors are put right', async () => {
    const user = userEvent.setup();
    setPageTitle('Email – ETA-IL');
    renderScreen(<EmailForm onValid={vi.fn()} />);
    await user.click(next());
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(document.title).toBe('Error: Email – ETA-IL');
    await user.type(emailBox(), 'anna@example.com');
    await user.type(confirmBox(), 'anna@example.com');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(document.title).toBe('Email – ETA-IL');
  });

  it('a later field that is the only error is named in the summary, which takes focus', async () => {
    const user = userEvent.setup();
    renderScreen(<EmailForm onValid={vi.fn()} />);
    await user.type(emailBox(), 'anna@example.com');
    await user.type(confirmBox(), 'anna@example.org');
    await user.click(next());
    expect(summaryLinks().map((a) => a.textContent)).toEqual([
      "Confirm your email address: The email addresses you entered aren't identical. Please try again",
    ]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
  });

  it('focuses the field of a summary link when it is clicked', async () => {
    const user = userEvent.setup();
    renderScreen(<EmailForm onValid={vi.fn()} />);
    await user.click(next());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    await user.click(
      screen.getByRole('link', { name: 'Enter your email address again to confirm it' }),
    );
    expect(document.activeElement).toBe(confirmBox());
  });

  it('marks each errored field aria-invalid and describes it by its hint and its error', async () => {
    const user = userEvent.setup();
    renderScreen(<EmailForm onValid={vi.fn()} />);
    await user.type(emailBox(), 'anna@');
    await user.click(next());
    await screen.findByRole('alert');
    expect(emailBox().getAttribute('aria-invalid')).toBe('true');
    expect(describedTexts(emailBox())).toEqual([
      'Hint for EmailAddress',
      'Error: Please check that this email address is correct, for example name@example.com.',
    ]);
    expect(confirmBox().getAttribute('aria-invalid')).toBe('true');
    expect(describedTexts(confirmBox())).toEqual([
      'Hint for ConfirmEmail',
      'Error: Enter your email address again to confirm it',
    ]);
  });

  it('drops an error from the summary once the field is put right', async () => {
    const user = userEvent.setup();
    renderScreen(<EmailForm onValid={vi.fn()} />);
    await user.click(next());
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    await user.type(emailBox(), 'anna@example.com');
    await waitFor(() =>
      expect(summaryLinks().map((a) => a.getAttribute('href'))).toEqual(['#ConfirmEmail']),
    );
    expect(emailBox().getAttribute('aria-invalid')).toBeNull();
  });

  it('submits the values when there is no error', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    renderScreen(<EmailForm onValid={onValid} />);
    await user.type(emailBox(), 'anna@example.com');
    await user.type(confirmBox(), 'Anna@Example.com');
    await user.click(next());
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0]).toEqual({
      EmailAddress: 'anna@example.com',
      ConfirmEmail: 'Anna@Example.com',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('useStepForm warnings and dates (SPEC §5 "Travel info")', () => {
  it("shows a warning ('Please note:') as the date is typed, and it does not block submit", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    renderScreen(<ArrivalForm onValid={onValid} />);
    // More than 2 years after 2025-03-01: a warning only.
    await user.type(screen.getByRole('textbox', { name: 'Day (DD)' }), '15062028');
    const group = screen.getByRole('group', { name: 'Arrival date' });
    expect(describedTexts(group)).toEqual([
      'Please note: the ETA-IL is valid for 2 years. We recommend applying closer to your visit.',
    ]);
    await user.click(next());
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0]).toMatchObject({
      dayEstimatedAarrivalDate: '15',
      monthEstimatedAarrivalDate: '06',
      yearEstimatedAarrivalDate: '2028',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("blocks a date in the past and focuses the date's day box from the summary", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    renderScreen(<ArrivalForm onValid={onValid} />);
    const dayBox = screen.getByRole('textbox', { name: 'Day (DD)' });
    await user.type(dayBox, '01012020');
    await user.click(next());
    expect(summaryLinks().map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      [
        'Arrival date: Arrival date cannot be in the past: enter today or a later date',
        '#dayEstimatedAarrivalDate',
      ],
    ]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    await user.click(summaryLinks()[0]!);
    expect(document.activeElement).toBe(dayBox);
    expect(dayBox.getAttribute('aria-invalid')).toBe('true');
    expect(onValid).not.toHaveBeenCalled();
  });
});
