// SPEC §7's client: every call names the language the traveller chose, so the server writes the
// code, acknowledgement and later e-mails in it (docs/api.md "Accept-Language"); every answer is
// read once into a success with its payload or a refusal (docs/api.md "The envelope").
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

describe('the answer the client reads', () => {
  const answering = (status: number, text: string) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(text, { status })),
    );
  const answer = async (status: number, payload: unknown) => {
    answering(status, typeof payload === 'string' ? payload : JSON.stringify(payload));
    return request('POST', '/api/any');
  };

  it("a success's payload is the envelope's body", async () => {
    expect(await answer(200, { statusCode: 200, body: { timestamp: 5 } })).toEqual({
      ok: true,
      status: 200,
      body: { timestamp: 5 },
    });
  });

  it('a success without a JSON body is the answer itself (fields beside statusCode, a bare value)', async () => {
    const submitted = { statusCode: 200, message: 'Submitted', body: '', ReqNum: 'IL-AAAA-BBBB' };
    expect(await answer(200, submitted)).toEqual({ ok: true, status: 200, body: submitted });
    expect(await answer(200, { statusCode: 200, photoId: 'p-1' })).toEqual({
      ok: true,
      status: 200,
      body: { statusCode: 200, photoId: 'p-1' },
    });
    expect(await answer(200, 'true')).toEqual({ ok: true, status: 200, body: true });
  });

  it('a refusal JSON-encoded in body is read from there (the code calls, SPEC §7)', async () => {
    const message = 'Please wait 30 seconds before asking for another code.';
    const encoded = JSON.stringify({ message, code: 'codeSendTooSoon' });
    expect(
      await answer(429, { statusCode: 429, message, code: 'codeSendTooSoon', body: encoded }),
    ).toEqual({
      ok: false,
      status: 429,
      refusal: { message, code: 'codeSendTooSoon' },
    });
  });

  it("a refused submission's error and issues are read from its JSON-encoded body", async () => {
    const issues = [{ field: 'dayEstimatedAarrivalDate', message: 'arrivalInPast', text: 'Past' }];
    const body = JSON.stringify({ error: 'Arrival date cannot be in the past', issues });
    expect(await answer(400, { statusCode: 400, message: 'First issue', body })).toEqual({
      ok: false,
      status: 400,
      refusal: { message: 'Arrival date cannot be in the past', issues },
    });
  });

  it("any other refusal is the envelope's message and code; an answer that is not JSON has neither", async () => {
    expect(
      await answer(415, { statusCode: 415, message: 'Wrong type.', code: 'photoWrongType' }),
    ).toEqual({
      ok: false,
      status: 415,
      refusal: { message: 'Wrong type.', code: 'photoWrongType' },
    });
    expect(await answer(502, '<html>Bad gateway</html>')).toEqual({
      ok: false,
      status: 502,
      refusal: { message: '' },
    });
  });
});
