// Sign-in: the three fields checked before anything is sent, one message for any wrong part, the
// lock-out with its end, and the organisation's sign-in offered only when the server has it.
import type { AuthMethods, OfficeSession, SignInLocked, SignInRequest } from '@eta-il/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { heading, openScreen, summaryErrors } from '../../test/render.tsx';
import { fakeServer, me, ok, refused, STAFF } from '../../test/server.ts';
import { SignIn } from './SignIn.tsx';

const passwordOnly = ok<AuthMethods>({ local: true, oidc: false });

const fill = (email: string, password: string, code: string) => {
  fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Code from your authenticator app'), {
    target: { value: code },
  });
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

describe('SignIn', () => {
  it('lists every missing field in the error summary and sends nothing', async () => {
    const server = fakeServer({ 'GET me': me(null), 'GET auth-methods': passwordOnly });
    await openScreen(<SignIn />, { staff: null });
    expect(heading()).toBe('Sign in');
    fill('', '', '12a');
    submit();
    await screen.findByText('There is a problem');
    expect(summaryErrors()).toEqual([
      '#email Enter your e-mail address',
      '#password Enter your password',
      '#code Enter the 6-digit code',
    ]);
    expect(screen.getByLabelText('E-mail address').getAttribute('aria-invalid')).toBe('true');
    expect(server.called('POST sign-in')).toEqual([]);
  });

  it('sends the three parts, trimmed, and signs the member of staff in', async () => {
    const server = fakeServer({
      'GET me': me(null),
      'GET auth-methods': passwordOnly,
      'POST sign-in': ok<OfficeSession>({ staff: STAFF.officer, antiForgeryToken: 't' }),
    });
    await openScreen(<SignIn />, { staff: null });
    fill('  officer@office.example ', 'a long password', ' 123456 ');
    submit();
    // Signed in: the header names who, with the navigation of the role.
    await screen.findByText('Signed in as officer@office.example (officer)');
    expect(server.called('POST sign-in').map((c) => c.body)).toEqual([
      {
        email: 'officer@office.example',
        password: 'a long password',
        code: '123456',
      } satisfies SignInRequest,
    ]);
    expect(screen.getByRole('link', { name: 'Queue' })).toBeTruthy();
  });

  it('says one thing for any wrong part, and when a locked account opens again', async () => {
    fakeServer({
      'GET me': me(null),
      'GET auth-methods': passwordOnly,
      'POST sign-in': [
        refused(401, 'wrongCredentials'),
        ok<Partial<SignInLocked>>(
          { code: 'accountLocked', message: 'Locked.', lockedUntil: '2026-11-22T14:05:00Z' },
          423,
        ),
      ],
    });
    await openScreen(<SignIn />, { staff: null });
    fill('officer@office.example', 'wrong', '123456');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The e-mail address, password or code is not right.',
    );
    submit();
    await screen.findByText('Too many failed sign-ins. Try again after 2:05 PM.');
  });

  it("offers the organisation's sign-in only when the server has one", async () => {
    fakeServer({
      'GET me': me(null),
      'GET auth-methods': ok<AuthMethods>({ local: true, oidc: true }),
    });
    await openScreen(<SignIn />, { staff: null });
    const link = await screen.findByRole('link', {
      name: "Sign in with your organisation's account",
    });
    expect(link.getAttribute('href')).toBe('/office/api/oidc/start');
    expect(screen.getByRole('heading', { name: 'Or with a password' })).toBeTruthy();
  });

  it('reads right to left in Hebrew', async () => {
    fakeServer({ 'GET me': me(null), 'GET auth-methods': passwordOnly });
    await i18n.changeLanguage('he');
    await openScreen(<SignIn />, { staff: null });
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('he');
    expect(heading()).toBe(i18n.t('signIn.title'));
    expect(heading()).not.toBe('Sign in');
    fireEvent.click(screen.getByRole('button', { name: i18n.t('signIn.submit') }));
    await waitFor(() => expect(summaryErrors()).toHaveLength(3));
  });
});
