// Account set-up from the one-time link: the token from the address's fragment, the password's
// length and its repetition checked before sending, the server's reason for a weak one under the
// field, then the authenticator's key.
import {
  MIN_STAFF_PASSWORD_LENGTH,
  type SetupAnswer,
  type SetupRequest,
  type WeakPasswordAnswer,
} from '@eta-il/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heading, openScreen, summaryErrors } from '../../test/render.tsx';
import { fakeServer, me, ok, refused } from '../../test/server.ts';
import { Setup } from './Setup.tsx';

const GOOD = 'correct horse battery staple';

const open = async (hash: string) => {
  window.history.replaceState(null, '', `/setup${hash}`);
  await openScreen(<Setup />, { path: '/setup', staff: null });
};
const fill = (password: string, confirm: string) => {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Repeat the password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Set the password' }));
};

describe('Setup', () => {
  it('without the link it says so, and cannot be sent', async () => {
    fakeServer({ 'GET me': me(null) });
    await open('');
    expect(heading()).toBe('Set up your account');
    expect(screen.getByRole('alert').textContent).toBe(
      'This page needs the set-up link you were given. Open the whole link.',
    );
    expect(screen.getByRole('button', { name: 'Set the password' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('checks the length and the repetition before sending anything', async () => {
    const server = fakeServer({ 'GET me': me(null) });
    await open('#token=link-token');
    fill('x'.repeat(MIN_STAFF_PASSWORD_LENGTH - 1), '');
    await screen.findByText('There is a problem');
    expect(summaryErrors()).toEqual(['#password Choose a password of at least 12 characters']);
    fill(GOOD, `${GOOD}!`);
    await screen.findByRole('link', { name: 'The two passwords are not the same' });
    expect(summaryErrors()).toEqual(['#confirm The two passwords are not the same']);
    expect(server.called('POST setup')).toEqual([]);
  });

  it("shows the server's reason for a weak password under the field", async () => {
    fakeServer({
      'GET me': me(null),
      'POST setup': ok<WeakPasswordAnswer>(
        { code: 'weakPassword', message: 'Weak.', reason: 'breached' },
        400,
      ),
    });
    await open('#token=link-token');
    fill(GOOD, GOOD);
    await screen.findByRole('link', {
      name: 'This password is on a list of passwords exposed in data breaches. Choose another one',
    });
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the token and the password, then shows the key to add to an authenticator', async () => {
    const server = fakeServer({
      'GET me': me(null),
      'POST setup': ok<SetupAnswer>({
        totpSecret: 'JBSWY3DPEHPK3PXP',
        otpauthUri: 'otpauth://totp/ETA-IL:officer?secret=JBSWY3DPEHPK3PXP',
        qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      }),
    });
    await open('#token=link-token');
    fill(GOOD, GOOD);
    await screen.findByRole('heading', { name: 'Add the account to your authenticator app' });
    expect(server.called('POST setup').map((c) => c.body)).toEqual([
      { token: 'link-token', password: GOOD } satisfies SetupRequest,
    ]);
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    // The spent link leaves the address bar.
    expect(window.location.hash).toBe('');
  });

  it('says when the link has expired or was used', async () => {
    fakeServer({ 'GET me': me(null), 'POST setup': refused(410, 'setupLinkInvalid') });
    await open('#token=old-token');
    fill(GOOD, GOOD);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This set-up link has expired or was already used. Ask an admin for a new one.',
    );
  });
});
