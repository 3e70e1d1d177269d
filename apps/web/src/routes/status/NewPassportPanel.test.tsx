// "My passport was replaced" on /status (issue 31 item 4): offered for an approved authorization
// only; empty fields are shown at their fields before anything is sent; the code, then the new
// passport with it, open the filled-in application as this browser's session; a new passport the
// server refuses comes back to its field; axe on the open form and its error state.
import { blankDraft, withBearer } from '@eta-il/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readJson, readSession } from '../../session/storage.ts';
import { fillDateBoxes } from '../../test/dateBoxes.ts';
import { seedReferenceData } from '../../test/render.tsx';
import type { Reply } from '../../test/server.ts';
import { click, fill, lookUpStatus } from '../../test/statusPage.tsx';
import { axeViolations } from './axe.ts';

const APPROVED: Reply = {
  status: 200,
  payload: { status: 'approved', updatedAt: '2026-11-22T09:00:00.000Z', validUntil: '2028-11-22' },
};
const draft = {
  ...withBearer(blankDraft(), { firstName: 'JANE', passportNum: 'NEW12345' }),
  reqMainEmailAddress: 'jane@example.com',
};
const OPENED: Reply = {
  status: 200,
  payload: {
    draft,
    notices: [],
    confirmAgain: ['history'],
    email: 'jane@example.com',
    idToken: 'tok',
  },
};
const USA = 840;

let server: Awaited<ReturnType<typeof lookUpStatus>>;
beforeEach(() => {
  sessionStorage.clear();
  seedReferenceData();
});
afterEach(() => vi.unstubAllGlobals());

const openPanel = async (opened: Reply | Reply[] = OPENED) => {
  server = await lookUpStatus({
    'POST /api/status': APPROVED,
    'POST /api/status/new-passport/code': {
      status: 200,
      payload: { timestamp: 1_760_000_000_000, sentTo: 'j•••@example.com' },
    },
    'POST /api/status/new-passport': opened,
  });
  await screen.findByRole('heading', { name: 'My passport was replaced' }, { timeout: 5000 });
};
const fillPassport = () => {
  fill('New passport number', 'new12345');
  fill('Country that issued the new passport', String(USA));
  fillDateBoxes('Date of issue', '2026-10-01');
  fillDateBoxes('Date of expiry', '2036-09-30');
};

describe('a new passport on /status', () => {
  it('sends a code, then the new passport with it, and opens the filled-in application', async () => {
    await openPanel();
    expect(await axeViolations(document.body)).toEqual([]);
    fillPassport();
    await click('E-mail me a code');
    expect(server.calls.at(-1)).toEqual({
      route: 'POST /api/status/new-passport/code',
      body: {
        applicationNumber: 'IL-1234-5678',
        passportNumber: 'AB1234567',
        birthDate: '1990-07-04',
      },
    });
    fill('Code from the e-mail', '123456');
    await click('Open the new application');
    expect(server.calls.at(-1)).toEqual({
      route: 'POST /api/status/new-passport',
      body: {
        applicationNumber: 'IL-1234-5678',
        passportNumber: 'AB1234567',
        birthDate: '1990-07-04',
        code: '123456',
        timestamp: 1_760_000_000_000,
        newPassport: {
          passportNum: 'new12345',
          passportCountryId: USA,
          passportIssueDate: '2026-10-01',
          passportExpireDate: '2036-09-30',
        },
      },
    });
    expect(readSession('auth-token')).toBe('tok');
    expect(readJson('jsonForm')).toEqual(draft);
  });

  it('shows empty fields at their fields and sends nothing', async () => {
    await openPanel();
    const before = server.calls.length;
    await click('E-mail me a code');
    expect(server.calls.length).toBe(before);
    expect(screen.getByLabelText('New passport number').getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('brings a refused expiry date back to its field', async () => {
    await openPanel({
      status: 400,
      payload: {
        code: 'expiryInPast',
        field: 'newPassport.passportExpireDate',
        message: 'expired',
      },
    });
    fillPassport();
    await click('E-mail me a code');
    fill('Code from the e-mail', '123456');
    await click('Open the new application');
    expect(readSession('auth-token')).toBeNull();
    expect(screen.getByText(/Your passport has expired/)).toBeTruthy();
  });

  it('is not offered before a decision', async () => {
    await lookUpStatus({});
    await screen.findByText('Received', {}, { timeout: 5000 });
    expect(screen.queryByRole('heading', { name: 'My passport was replaced' })).toBeNull();
  });
});
