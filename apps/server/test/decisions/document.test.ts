// The authorization document (GET /api/document/:token, read back with pdftotext; its picture in
// document-picture.test.ts) and public verification (POST /api/verify), by numbers and by the
// signed token of the QR code, whose address is PUBLIC_URL's whatever Host a request names.
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationPdf } from '../../src/decisions/document-pdf.ts';
import { createLinkService } from '../../src/decisions/links.ts';
import { DATABASES, startTestServer, type TestServer, testConfig } from '../harness.ts';
import { qrOnPage, renderPages } from './picture.ts';
import { approve, HIGH_LIMITS, SETUP_MS, type Submitted, submitted } from './support.ts';

/** The text of a PDF, as poppler's pdftotext reads it. */
const pdfText = async (bytes: Uint8Array) => {
  const dir = await mkdtemp(join(tmpdir(), 'eta-il-pdf-'));
  const file = join(dir, 'document.pdf');
  await writeFile(file, bytes);
  const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
  return stdout;
};

describe.each(DATABASES)('document and verification on %s', (kind) => {
  let server: TestServer;
  let app: Submitted;
  let documentUrl: string;
  beforeAll(async () => {
    server = await startTestServer({ kind, services: { rateLimits: HIGH_LIMITS } });
    app = await submitted(server, 'document@example.com');
    await approve(server, app.id);
    const status = await server.request({
      method: 'POST',
      url: '/api/status',
      payload: {
        applicationNumber: app.reqNum,
        passportNumber: app.passportNumber,
        birthDate: app.birthDate,
      },
    });
    documentUrl = status.json().documentUrl;
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  const verify = (payload: object) =>
    server.request({ method: 'POST', url: '/api/verify', payload });

  it('the signed link answers a PDF with the number and the masked passport', async () => {
    const answer = await server.request({ method: 'GET', url: documentUrl });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['cache-control']).toBe('no-store');
    const text = await pdfText(answer.rawPayload);
    expect(text).toContain(app.reqNum);
    expect(text).toContain('•••••4567');
    expect(text).not.toContain('AB1234567');
    expect(text).toContain('JANE MARY DOE');
    expect(text).toContain('22 November 2028');
  });

  it('the QR code opens PUBLIC_URL/verify whatever host the request names', async () => {
    const answer = await server.request({
      method: 'GET',
      url: documentUrl,
      headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
    });
    expect(answer.statusCode).toBe(200);
    const [page] = await renderPages(answer.rawPayload);
    const qr = new URL(qrOnPage(page ?? Buffer.alloc(0)));
    expect(qr.origin).toBe(testConfig().publicUrl);
    expect(qr.pathname).toBe('/verify');
    expect((await verify({ token: qr.searchParams.get('token') })).json()).toMatchObject({
      valid: true,
    });
    expect(await pdfText(answer.rawPayload)).not.toContain('attacker.example');
  });

  it('a tampered link is 404', async () => {
    const token = documentUrl.split('/').at(-1) ?? '';
    const [head, payload, signature] = token.split('.');
    const flipped = `${signature?.slice(0, -2)}${signature?.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [`${head}.${payload}.${flipped}`, 'not-a-token']) {
      const answer = await server.request({ method: 'GET', url: `/api/document/${bad}` });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ statusCode: 404, code: 'documentLinkInvalid' });
    }
  });

  it('verifies by application number and passport number; a wrong pair is valid: false', async () => {
    expect(
      (await verify({ applicationNumber: app.reqNum, passportNumber: 'ab1234567' })).json(),
    ).toEqual({
      statusCode: 200,
      valid: true,
      validUntil: '2028-11-22',
    });
    expect(
      (await verify({ applicationNumber: app.reqNum, passportNumber: 'AB1234568' })).json(),
    ).toEqual({
      statusCode: 200,
      valid: false,
    });
    const pending = await submitted(server, 'not-yet@example.com');
    expect(
      (
        await verify({ applicationNumber: pending.reqNum, passportNumber: pending.passportNumber })
      ).json(),
    ).toEqual({ statusCode: 200, valid: false });
    expect((await verify({ applicationNumber: app.reqNum })).statusCode).toBe(400);
  });

  it('verifies the signed token of the QR code; a forged one is valid: false', async () => {
    const links = createLinkService(testConfig().authSecret, server.clock);
    const [row] = await server.database.db
      .selectFrom('travel_authorization')
      .select('id')
      .where('application_id', '=', app.id)
      .execute();
    const token = links.verifyToken(row?.id ?? '', '2028-11-22');
    expect((await verify({ token })).json()).toEqual({
      statusCode: 200,
      valid: true,
      validUntil: '2028-11-22',
      applicationNumber: app.reqNum,
      passportNumber: '•••••4567',
    });
    const forged = createLinkService('another-secret-0123456789abcdef', server.clock).verifyToken(
      row?.id ?? '',
      '2028-11-22',
    );
    expect((await verify({ token: forged })).json()).toEqual({ statusCode: 200, valid: false });
  });

  it('after an hour the link has expired (410); after the validity, verification is false', async () => {
    server.clock.advance(61 * 60 * 1000);
    const answer = await server.request({ method: 'GET', url: documentUrl });
    expect(answer.statusCode).toBe(410);
    expect(answer.json()).toMatchObject({ statusCode: 410, code: 'documentLinkExpired' });
    server.clock.set(new Date('2028-11-23T12:00:00Z'));
    expect(
      (await verify({ applicationNumber: app.reqNum, passportNumber: app.passportNumber })).json(),
    ).toEqual({
      statusCode: 200,
      valid: false,
    });
  });
});

describe('the PDF', () => {
  // Twice: a font shared between documents once gave the second one wrong Arabic text.
  it.each([1, 2])('prints Hebrew and Arabic names with the embedded Noto fonts (%i)', async () => {
    const pdf = await authorizationPdf({
      firstName: 'דנה',
      lastName: 'حداد',
      nationality: 'France',
      passportNumber: '12AB34567',
      applicationNumber: 'IL-TEST-1',
      validFrom: '2026-11-24',
      validUntil: '2028-11-24',
      verifyUrl: 'https://eta-il.example.test/verify?token=x',
    });
    const text = await pdfText(pdf);
    expect(text).toContain('דנה');
    expect(text).toContain('حداد');
    expect(text).toContain('•••••4567');
    expect(text).toContain('IL-TEST-1');
  });
});
