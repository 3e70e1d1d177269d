// "I can no longer read this address" on /status (decision 047): the form checks the MRZ lines
// with the domain's reader before anything is sent, the code goes to the NEW address, the request
// carries the lines as capitals without spaces, a refusal of the lines comes back to their field,
// and the answer says an officer will check it; axe on the open form and its error state.
import { td3Lines } from '@eta-il/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Reply } from '../../test/server.ts';
import { click, fill, lookUpStatus } from '../../test/statusPage.tsx';
import { axeViolations } from './axe.ts';

const [LINE1, LINE2] = td3Lines({
  documentType: 'P',
  issuingCountry: 'USA',
  surname: 'DOE',
  givenNames: 'JANE MARY',
  documentNumber: 'AB1234567',
  nationality: 'USA',
  birthDate: '1990-07-04',
  expiryDate: '2030-05-09',
  sex: 'F',
  personalNumber: '',
});

let server: Awaited<ReturnType<typeof lookUpStatus>>;
afterEach(() => vi.unstubAllGlobals());

/** The lost-address form open; `request`: the server's answer to the request itself. */
const openLostAddress = async (
  request: Reply = { status: 200, payload: { status: 'pending' } },
) => {
  server = await lookUpStatus({
    'POST /api/status/contact-request/code': {
      status: 200,
      payload: { timestamp: 1_760_000_000_000, sentTo: 'n•••@example.org' },
    },
    'POST /api/status/contact-request': request,
  });
  await screen.findByRole(
    'button',
    { name: 'I can no longer read this address' },
    { timeout: 5000 },
  );
  await click('I can no longer read this address');
};
const fillRequest = (line2 = LINE2 ?? '') => {
  fill('An e-mail address you can read now', 'new@example.org');
  // Typed in small letters with spaces: sent as the MRZ prints it.
  fill('Passport line 1 (it begins with P)', (LINE1 ?? '').toLowerCase().replace(/</g, '< '));
  fill('Passport line 2', line2);
};

describe('a lost contact address on /status', () => {
  it('sends a code to the new address, then the request with the lines; says an officer will check it', async () => {
    await openLostAddress();
    expect(await axeViolations(document.body)).toEqual([]);
    fillRequest();
    await click('E-mail a code to the new address');
    expect(server.calls.at(-1)).toEqual({
      route: 'POST /api/status/contact-request/code',
      body: {
        applicationNumber: 'IL-1234-5678',
        passportNumber: 'AB1234567',
        birthDate: '1990-07-04',
        newEmail: 'new@example.org',
      },
    });
    expect(screen.getByText('We sent a 6-digit code to n•••@example.org, the new address.'));
    fill('Code from the e-mail', '123456');
    await click('Send the request to an officer');
    expect(server.calls.at(-1)).toEqual({
      route: 'POST /api/status/contact-request',
      body: expect.objectContaining({
        newEmail: 'new@example.org',
        mrz: [LINE1, LINE2],
        code: '123456',
        timestamp: 1_760_000_000_000,
      }),
    });
    const answer = screen.getByText(/An officer will check it against your passport/);
    expect(answer.closest('[role="status"]')).not.toBeNull();
    // The form is gone: the request cannot be sent twice from the page.
    expect(screen.queryByLabelText('Passport line 2')).toBeNull();
  });

  it('a wrong check digit is refused at its field before anything is sent', async () => {
    await openLostAddress();
    const line2 = LINE2 ?? '';
    const wrong = `${line2.slice(0, 9)}${(Number(line2[9]) + 1) % 10}${line2.slice(10)}`;
    fillRequest(wrong);
    await click('E-mail a code to the new address');
    expect(server.called('POST /api/status/contact-request/code')).toHaveLength(0);
    const field = screen.getByLabelText('Passport line 2');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(screen.getByText(/A check digit in these lines does not match/)).toBeTruthy();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('lines the server finds not to match the application come back to the form, at line 1', async () => {
    await openLostAddress({
      status: 400,
      payload: { code: 'mrzMismatch', field: 'mrz', message: 'no' },
    });
    fillRequest();
    await click('E-mail a code to the new address');
    fill('Code from the e-mail', '123456');
    await click('Send the request to an officer');
    const field = screen.getByLabelText('Passport line 1 (it begins with P)');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/These lines do not match the passport of this application/));
  });

  it('a request already waiting is said so', async () => {
    await openLostAddress({ status: 409, payload: { code: 'requestOpen', message: 'open' } });
    fillRequest();
    await click('E-mail a code to the new address');
    fill('Code from the e-mail', '123456');
    await click('Send the request to an officer');
    expect(screen.getByRole('alert').textContent).toBe(
      "A request to change this application's address is already waiting for an officer.",
    );
  });
});
