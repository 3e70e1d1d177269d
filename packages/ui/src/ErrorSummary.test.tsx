// STYLE §6: one error summary for both apps: the problems in page order, each a link to
// `#field-id` that focuses the field (the chosen option of a radio group); announced and focused
// when it appears; its heading in the app's own words.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi, testI18n } from '../test/render.tsx';
import {
  ErrorSummary,
  FieldErrorSummary,
  type FieldErrors,
  type SummaryItem,
} from './ErrorSummary.tsx';

const links = () =>
  within(screen.getByRole('alert'))
    .getAllByRole('link')
    .map((a) => [a.getAttribute('href'), a.textContent]);

const FORM = (
  <form>
    <input id="email" name="email" />
    <input type="radio" id="colour" name="colour" value="red" />
    <input type="radio" id="colour-2" name="colour" value="blue" defaultChecked />
  </form>
);

describe('ErrorSummary', () => {
  it('shows nothing without problems', () => {
    renderUi(<ErrorSummary items={[]} attempt={1} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("lists the problems in the order given, each a link to its field, under the app's heading", () => {
    renderUi(
      <ErrorSummary
        items={[
          { target: 'email', text: 'Enter your email address' },
          { target: 'colour', text: 'Choose a colour' },
        ]}
      />,
    );
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary.getAttribute('tabindex')).toBe('-1');
    expect(within(summary).getByRole('heading', { level: 2 }).id).toBe('error-summary-title');
    expect(links()).toEqual([
      ['#email', 'Enter your email address'],
      ['#colour', 'Choose a colour'],
    ]);
  });

  it('has the id it is given (a page focuses it by that id) and none otherwise', () => {
    const items = [{ target: 'email', text: 'Enter your email address' }];
    const { unmount } = renderUi(<ErrorSummary id="error-summary" items={items} />);
    expect(screen.getByRole('alert').id).toBe('error-summary');
    unmount();
    renderUi(<ErrorSummary items={items} />);
    expect(screen.getByRole('alert').hasAttribute('id')).toBe(false);
  });

  it('focuses the field of a link, the chosen option of a radio group, without following the link', async () => {
    const user = userEvent.setup();
    renderUi(
      <>
        <ErrorSummary
          items={[
            { target: 'email', text: 'Enter your email address' },
            { target: 'colour', text: 'Choose a colour' },
          ]}
        />
        {FORM}
      </>,
    );
    await user.click(screen.getByRole('link', { name: 'Enter your email address' }));
    expect(document.activeElement?.id).toBe('email');
    await user.click(screen.getByRole('link', { name: 'Choose a colour' }));
    expect(document.activeElement?.id).toBe('colour-2');
    expect(window.location.hash).toBe('');
  });

  it('does what an item asks instead when it says (a folded panel opens first)', async () => {
    const user = userEvent.setup();
    const onActivate = vi.fn();
    renderUi(
      <>
        <ErrorSummary items={[{ target: 'email', text: 'Check the email', onActivate }]} />
        {FORM}
      </>,
    );
    await user.click(screen.getByRole('link', { name: 'Check the email' }));
    expect(onActivate).toHaveBeenCalledTimes(1);
    expect(document.activeElement).not.toBe(document.getElementById('email'));
  });

  it('takes focus whenever the attempt changes to a number above 0', async () => {
    const user = userEvent.setup();
    const items: SummaryItem[] = [{ target: 'email', text: 'Enter your email address' }];
    const Form = () => {
      const [attempt, setAttempt] = useState(0);
      return (
        <>
          <ErrorSummary items={items} attempt={attempt} />
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>
            Next
          </button>
        </>
      );
    };
    renderUi(<Form />);
    expect(document.activeElement).toBe(document.body);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(document.activeElement).toBe(screen.getByRole('alert'));
  });

  it("speaks the app's words from its default namespace, whatever the app calls it", () => {
    const i18n = testI18n({
      namespace: 'common',
      texts: { errorSummaryTitle: 'Il y a un problème' } as never,
    });
    renderUi(<ErrorSummary items={[{ target: 'email', text: 'x' }]} />, i18n);
    expect(screen.getByRole('heading', { name: 'Il y a un problème' })).toBeTruthy();
  });
});

describe('FieldErrorSummary', () => {
  const Form = ({ steps }: { steps: FieldErrors[] }) => {
    const [step, setStep] = useState(0);
    return (
      <>
        <FieldErrorSummary errors={steps[step]!} />
        <button type="button" onClick={() => setStep((n) => n + 1)}>
          Send
        </button>
        {FORM}
      </>
    );
  };

  it("lists each field's error by the field's id, in page order, and links to it", async () => {
    const user = userEvent.setup();
    renderUi(<Form steps={[{ email: 'Enter your email address', colour: 'Choose a colour' }]} />);
    expect(links()).toEqual([
      ['#email', 'Enter your email address'],
      ['#colour', 'Choose a colour'],
    ]);
    await user.click(screen.getByRole('link', { name: 'Choose a colour' }));
    expect(document.activeElement?.id).toBe('colour-2');
  });

  it('takes focus when it appears and when the number of errors changes, and goes when they do', async () => {
    const user = userEvent.setup();
    renderUi(
      <Form
        steps={[
          {},
          { email: 'Enter your email address' },
          { email: 'Enter it', colour: 'Choose' },
          {},
        ]}
      />,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    screen.getByRole('button', { name: 'Send' }).focus();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
