// SPEC §7's client: every call names the language the traveller chose, so the server writes the
// code, acknowledgement and later e-mails in it (docs/api.md "Accept-Language").
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshToken, sendCode, submitApplication } from './calls.ts';
import { request } from './client.ts';

const sentHeaders: Record<string, string>[] = [];

beforeEach(() => {
  sentHeaders.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init?: RequestInit) => {
      sentHeaders.push(init?.headers as Record<string, string>);
      return new Response('{"statusCode":200}', { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the API client', () => {
  it('§7 calls: e-mails in the chosen language — every call sends Accept-Language from the session choice', async () => {
    sessionStorage.setItem('language', 'he');
    await sendCode('anna@example.com');
    await refreshToken('anna@example.com');
    await request('GET', '/api/getalldata');
    expect(sentHeaders.map((h) => h['Accept-Language'])).toEqual(['he', 'he', 'he']);
  });

  it('§7 calls: e-mails in the chosen language — i18next’s current language wins over a stale stored one', async () => {
    sessionStorage.setItem('language', 'en');
    await i18next.init({ lng: 'fr', resources: {}, initAsync: false });
    try {
      await submitApplication({} as never, 'key-1');
      expect(sentHeaders[0]?.['Accept-Language']).toBe('fr');
      await i18next.changeLanguage('de');
      await sendCode('anna@example.com');
      expect(sentHeaders[1]?.['Accept-Language']).toBe('de');
    } finally {
      // The shared instance goes back to uninitialised for the other tests of this worker.
      i18next.isInitialized = false;
    }
  });

  it('sends no Accept-Language of its own when no language was chosen (the browser’s stays)', async () => {
    await request('GET', '/api/getalldata');
    expect(sentHeaders[0]).not.toHaveProperty('Accept-Language');
  });
});
