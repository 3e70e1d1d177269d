import { blankDraft, ROUTES } from '@eta-il/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readDraft } from '../../session/draft.ts';
import { renderScreen, seedReferenceData } from '../../test/render.tsx';
import { EmailPage } from './EmailPage.tsx';

const Where = () => <p data-testid="where">{useLocation().pathname}</p>;

const open = async () => {
  await act(async () => {
    renderScreen(
      <>
        <EmailPage />
        <Where />
      </>,
      { path: ROUTES.email },
    );
  });
  return {
    email: screen.getByRole('textbox', { name: 'Email address' }),
    confirm: screen.getByRole('textbox', { name: 'Confirm Email address' }),
    next: screen.getByRole('button', { name: 'Next' }),
  };
};

beforeEach(() => {
  seedReferenceData();
  sessionStorage.setItem('jsonForm', JSON.stringify({ ...blankDraft(), reqDisclaimer: 1 }));
  vi.stubGlobal('CSS', { escape: (value: string) => value });
  Element.prototype.scrollIntoView = vi.fn();
});

describe('Email step (SPEC §2 "Email", §5 "Email")', () => {
  it('has the title and email inputs made for typing an address', async () => {
    const { email, confirm } = await open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Enter your email address below.',
    );
    for (const input of [email, confirm]) {
      expect(input.getAttribute('type')).toBe('email');
      expect(input.getAttribute('autocomplete')).toBe('email');
      expect(input.getAttribute('dir')).toBe('ltr');
    }
  });

  it('says when the address is not valid', async () => {
    const user = userEvent.setup();
    const { email, confirm, next } = await open();
    await user.type(email, 'not-an-address');
    await user.type(confirm, 'not-an-address');
    await user.click(next);
    expect(
      await screen.findAllByText(
        'Please check that this email address is correct, for example name@example.com.',
      ),
    ).not.toHaveLength(0);
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('says when the two addresses differ, by the confirmation', async () => {
    const user = userEvent.setup();
    const { email, confirm, next } = await open();
    await user.type(email, 'anna@example.com');
    await user.type(confirm, 'anna@example.org');
    await user.click(next);
    const message = "The email addresses you entered aren't identical. Please try again";
    await screen.findByRole('alert');
    expect(document.getElementById('ConfirmEmail-error')?.textContent).toContain(message);
    expect(confirm.getAttribute('aria-describedby')).toContain('ConfirmEmail-error');
    expect(screen.getByTestId('where').textContent).toBe(ROUTES.email);
  });

  it('stores the address in the draft and the session, then goes to the code', async () => {
    const user = userEvent.setup();
    const { email, confirm, next } = await open();
    await user.type(email, 'Anna.Smith@Example.com');
    await user.type(confirm, 'anna.smith@example.com');
    await user.click(next);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(ROUTES.code));
    expect(readDraft().reqMainEmailAddress).toBe('anna.smith@example.com');
    expect(readDraft().reqDisclaimer).toBe(1);
    expect(sessionStorage.getItem('emailAddress')).toBe('anna.smith@example.com');
  });

  it('forgets a confirmation made for another address', async () => {
    sessionStorage.setItem('emailAddress', 'old@example.com');
    sessionStorage.setItem('auth-token', 'token-for-old');
    const user = userEvent.setup();
    const { email, confirm, next } = await open();
    await user.type(email, 'new@example.com');
    await user.type(confirm, 'new@example.com');
    await user.click(next);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(ROUTES.code));
    expect(sessionStorage.getItem('auth-token')).toBeNull();
    expect(sessionStorage.getItem('emailAddress')).toBe('new@example.com');
  });

  it("sends the browser's back button to the application start", async () => {
    await open();
    act(() => {
      fireEvent(window, new PopStateEvent('popstate', { state: null }));
    });
    expect(screen.getByTestId('where').textContent).toBe(ROUTES.applyStart);
  });
});
