// The /status correction's mobile phone (issue 25 item 6, decision 041): typed with + (or 00) it is
// checked in the browser by the domain's rule and sent as the international number's digits;
// typed as dialled at home (a leading 0) it is sent as digits for the server to read in the
// passport's country; an impossible number is refused at the field, naming the country.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Reply } from '../../test/server.ts';
import { click, fill, lookUpStatus } from '../../test/statusPage.tsx';

let server: Awaited<ReturnType<typeof lookUpStatus>>;
afterEach(() => vi.unstubAllGlobals());

/** The correction panel open; `correction`: the server's answer to the correction, if asked. */
const openCorrection = async (correction?: Reply) => {
  server = await lookUpStatus({
    'POST /api/status/correction/code': {
      status: 200,
      payload: { timestamp: 1_760_000_000_000, sentTo: 'j•••@example.com' },
    },
    ...(correction && { 'POST /api/status/correction': correction }),
  });
  // The correction panel is loaded on demand.
  await screen.findByLabelText('New mobile phone number', {}, { timeout: 5000 });
};
const phone = () => screen.getByLabelText('New mobile phone number');
const NOT_POSSIBLE_IN_GB =
  'This is not a possible phone number for this country: United Kingdom. Check the number and the country.';
const sentChanges = () =>
  (server.called('POST /api/status/correction').at(-1)?.body as { changes?: unknown })?.changes;

describe('the correction of the mobile phone', () => {
  it('an impossible number is refused in the browser, naming its country; no code is sent', async () => {
    await openCorrection();
    fill('New mobile phone number', '+44 7700 9001234');
    await click('E-mail me a code to confirm');
    expect(phone().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(NOT_POSSIBLE_IN_GB, { exact: false })).toBeTruthy();
    expect(server.called('POST /api/status/correction/code')).toHaveLength(0);
  });

  it('a number with + is sent as the international digits', async () => {
    await openCorrection({ status: 200, payload: { changes: [] } });
    fill('New mobile phone number', '+44 7700 900123');
    await click('E-mail me a code to confirm');
    fill('Code from the e-mail', '123456');
    await click('Save the changes');
    expect(sentChanges()).toEqual({ mobilePhoneNum: '447700900123' });
  });

  it('a national number goes as digits; the server’s refusal names the passport’s country', async () => {
    await openCorrection({
      status: 400,
      payload: {
        code: 'phoneNotPossible',
        issues: [
          {
            field: 'mobilePhoneNum',
            message: 'phoneNotPossible',
            step: 'personal',
            values: { country: 'GB' },
          },
        ],
      },
    });
    fill('New mobile phone number', '07700 9001234');
    await click('E-mail me a code to confirm');
    fill('Code from the e-mail', '123456');
    await click('Save the changes');
    expect(sentChanges()).toEqual({ mobilePhoneNum: '077009001234' });
    expect(phone().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(NOT_POSSIBLE_IN_GB, { exact: false })).toBeTruthy();
  });
});
