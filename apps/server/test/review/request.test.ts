// A refused traveller asks for a review (issue 30 items 1 and 2): the e-mailed code to the current
// address, the statement checked as every free text, the documents judged by their content and
// stored only re-encoded, once per refusal and within REVIEW_DAYS; the move through the one writer
// with its e-mail; and /api/status answering review_requested, or reviewUntil while one may be asked.
import { REVIEW_DOCUMENT_BYTES_MAX, REVIEW_STATEMENT_MAX } from '@eta-il/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPage, renderPages } from '../decisions/picture.ts';
import {
  HIGH_LIMITS,
  identity,
  mailTo,
  SETUP_MS,
  type Submitted,
  submitted,
} from '../decisions/support.ts';
import { DATABASES, startTestServer, type TestServer } from '../harness.ts';
import {
  askReview,
  html,
  jpegWithExif,
  multipart,
  pdf,
  png,
  refuse,
  reviewCode,
  zip,
} from './support.ts';

describe.each(DATABASES)('asking for a review on %s', (kind) => {
  let server: TestServer;
  let counter = 0;
  beforeAll(async () => {
    server = await startTestServer({ kind, services: { rateLimits: HIGH_LIMITS } });
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  /**
   * A new refused application of its own address, an hour after the last one: the suite's codes
   * all come from one client, whose sends per hour are limited.
   */
  const refused = async (language = 'en') => {
    counter += 1;
    server.clock.advance(60 * 60 * 1000);
    const app = await submitted(server, `review${counter}@example.com`, { language });
    await refuse(server, app);
    return app;
  };
  const status = (app: Submitted) =>
    server.request({ method: 'POST', url: '/api/status', payload: identity(app) });
  const stored = async (app: Submitted) => {
    const db = server.database.db;
    const review = await db
      .selectFrom('application_review')
      .selectAll()
      .where('application_id', '=', app.id)
      .executeTakeFirst();
    const documents = await db
      .selectFrom('application_review_document')
      .selectAll()
      .where('application_id', '=', app.id)
      .orderBy('position')
      .execute();
    return { review, documents };
  };

  it('refused: /api/status carries reviewUntil, REVIEW_DAYS after the refusal', async () => {
    const app = await refused();
    const body = (await status(app)).json();
    expect(body.status).toBe('refused');
    // Refused on 22 November 2026 (Jerusalem): the last day is 28 days later.
    expect(body.reviewUntil).toBe('2026-12-20');
    expect(server.clock().toISOString().slice(0, 10)).toBe('2026-11-22');
    // The refusal's e-mail says so too, in words, with the way to ask.
    const mail = await mailTo(server, app.email, /Decision on your ETA-IL/);
    expect(mail.text).toContain('until 20 December 2026');
    expect(mail.text).toContain('status page');
  });

  it('within the deadline: review_requested, stored, e-mailed; /api/status says so', async () => {
    const app = await refused('fr');
    const code = await reviewCode(server, app);
    expect(code.sent.statusCode).toBe(200);
    expect(code.sent.json().sentTo).toMatch(/^r•••@example\.com$/);
    const asked = await askReview(server, app, code, { statement: '  Ce refus est une erreur.  ' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ statusCode: 200, status: 'review_requested' });
    const { review, documents } = await stored(app);
    expect(review?.statement).toBe('Ce refus est une erreur.');
    expect(review?.decided_at).toBeNull();
    expect(documents).toEqual([]);
    const body = (await status(app)).json();
    expect(body.status).toBe('review_requested');
    expect(body.reviewUntil).toBeUndefined();
    // The refusal's reasons stay shown while it is reviewed.
    expect(body.reasons.map((r: { code: string }) => r.code)).toEqual(['previousRefusal']);
    // In the application's language (French), through the one writer's notice.
    const reviewMail = await mailTo(server, app.email, /demande de réexamen/);
    expect(reviewMail.text).toContain(app.reqNum);
  });

  it('asked twice: 409 alreadyReviewed, with what else can be done', async () => {
    const app = await refused();
    expect((await askReview(server, app, await reviewCode(server, app))).statusCode).toBe(200);
    const again = await reviewCode(server, app);
    expect(again.sent.statusCode).toBe(409);
    // Even with a code kept from before, the request itself is refused.
    const kept = await reviewCode(server, await refused());
    const second = await askReview(server, app, kept);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ statusCode: 409 });
  });

  it('asked twice with two codes at once: one review, the other 409', async () => {
    const app = await refused();
    const first = await reviewCode(server, app);
    const [a, b] = await Promise.all([
      askReview(server, app, first),
      askReview(server, app, first),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, expect.any(Number)]);
    expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1);
    const rows = await server.database.db
      .selectFrom('application_review')
      .select('application_id')
      .where('application_id', '=', app.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('not refused: the code is not sent (409 reviewNotRefused), nor is a review stored', async () => {
    const app = await submitted(server, 'not-refused@example.com');
    const code = await reviewCode(server, app);
    expect(code.sent.statusCode).toBe(409);
    expect(code.sent.json()).toMatchObject({ statusCode: 409, code: 'reviewNotRefused' });
    const asked = await askReview(server, app, { code: '123456', timestamp: Date.now() });
    expect(asked.statusCode).toBe(409);
    expect((await stored(app)).review).toBeUndefined();
  });

  it('a wrong code is refused and nothing is stored', async () => {
    const app = await refused();
    const code = await reviewCode(server, app);
    const wrong = code.code === '000000' ? '111111' : '000000';
    const asked = await askReview(server, app, { ...code, code: wrong }, { files: [] });
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ code: 'codeWrong', triesLeft: 4 });
    expect(await stored(app)).toEqual({ review: undefined, documents: [] });
    expect((await status(app)).json().status).toBe('refused');
  });

  it('a code sent for withdrawing does not ask for a review', async () => {
    const app = await refused();
    server.clock.advance(31_000);
    const sent = await server.request({
      method: 'POST',
      url: '/api/status/withdraw/code',
      payload: identity(app),
    });
    // Refused is decided: there is nothing to withdraw, and no code to borrow.
    expect(sent.statusCode === 200 || sent.statusCode === 409).toBe(true);
    const answer = await askReview(server, app, { code: '123456', timestamp: Date.now() });
    expect(answer.statusCode).toBe(400);
    expect((await stored(app)).review).toBeUndefined();
  });

  it('a statement is checked as every free text: empty, too long, markup → 400 at the field', async () => {
    const app = await refused();
    const code = await reviewCode(server, app);
    for (const [statement, problem] of [
      ['   ', 'reviewStatementRequired'],
      ['x'.repeat(REVIEW_STATEMENT_MAX + 1), 'tooLong'],
      ['See <script>', 'reviewStatementCharacters'],
      ['Reversed \u202Etext', 'reviewStatementCharacters'],
    ] as const) {
      const asked = await askReview(server, app, code, { statement });
      expect(asked.statusCode).toBe(400);
      expect(asked.json()).toMatchObject({ statusCode: 400, code: problem, field: 'statement' });
    }
    // The code was not used up: the right statement goes through with it.
    const ok = await askReview(server, app, code, { statement: 'x'.repeat(REVIEW_STATEMENT_MAX) });
    expect(ok.statusCode).toBe(200);
  });

  it.each([
    ['a ZIP named .pdf', () => zip(), 'proof.pdf', 'application/pdf', 415, 'reviewDocumentType'],
    ['HTML named .png', () => html(), 'scan.png', 'image/png', 415, 'reviewDocumentType'],
    [
      'a truncated JPEG',
      async () => {
        const whole = await jpegWithExif();
        return whole.subarray(0, Math.floor(whole.length * 0.6));
      },
      'photo.jpg',
      'image/jpeg',
      400,
      'reviewDocumentUnreadable',
    ],
    [
      'a PDF that does not parse',
      () => Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\ngarbage'),
      'letter.pdf',
      'application/pdf',
      400,
      'reviewDocumentUnreadable',
    ],
    [
      'a PDF of 11 pages',
      () => pdf(11),
      'long.pdf',
      'application/pdf',
      400,
      'reviewPdfTooManyPages',
    ],
  ] as const)(
    '%s is refused and nothing is stored',
    async (_, make, name, type, statusCode, problem) => {
      const app = await refused();
      const code = await reviewCode(server, app);
      const good = await png();
      const asked = await askReview(server, app, code, {
        files: [
          { name: 'fine.png', type: 'image/png', bytes: good },
          { name, type, bytes: await make() },
        ],
      });
      expect(asked.statusCode).toBe(statusCode);
      expect(asked.json()).toMatchObject({ statusCode, code: problem, field: 'documents' });
      expect(await stored(app)).toEqual({ review: undefined, documents: [] });
      expect((await status(app)).json().status).toBe('refused');
    },
  );

  it('a JPEG, a PNG and a PDF are stored re-encoded: other bytes, decodable, no metadata', async () => {
    const app = await refused();
    const code = await reviewCode(server, app);
    const jpeg = await jpegWithExif();
    const image = await png();
    const letter = await pdf(2);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const asked = await askReview(server, app, code, {
      files: [
        { name: 'photo.jpg', type: 'image/jpeg', bytes: jpeg },
        { name: 'scan.png', type: 'image/png', bytes: image },
        { name: 'letter.pdf', type: 'application/pdf', bytes: letter },
      ],
    });
    expect(asked.statusCode).toBe(200);
    const { documents } = await stored(app);
    expect(documents.map((d) => [d.position, d.media_type])).toEqual([
      [1, 'image/jpeg'],
      [2, 'image/png'],
      [3, 'application/pdf'],
    ]);
    const [storedJpeg, storedPng, storedPdf] = documents.map((d) => Buffer.from(d.content));
    expect(storedJpeg?.equals(jpeg)).toBe(false);
    expect(storedPng?.equals(image)).toBe(false);
    const jpegMeta = await sharp(storedJpeg).metadata();
    expect(jpegMeta).toMatchObject({ format: 'jpeg', width: 320, height: 200 });
    expect(jpegMeta.exif).toBeUndefined();
    const pngMeta = await sharp(storedPng).metadata();
    expect(pngMeta).toMatchObject({ format: 'png', width: 200, height: 120 });
    expect(pngMeta.exif).toBeUndefined();
    // The PDF is a new one: its pages are pictures, the original's author and text are gone.
    expect(storedPdf?.equals(letter)).toBe(false);
    const text = storedPdf?.toString('latin1') ?? '';
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).not.toContain('Secret Author');
    expect(text).toMatch(/\/Subtype \/Image/);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(2);
    // And it reads as the original did: each page drawn, then read back from its picture.
    const pages = await renderPages(storedPdf ?? new Uint8Array());
    expect(pages).toHaveLength(2);
    expect(await readPage(pages[1] ?? Buffer.alloc(0), 'eng')).toContain(
      'Letter from the employer 2',
    );
  });

  it('too many files: 400 reviewTooManyDocuments; too large: 413; never a 500', async () => {
    const app = await refused();
    const code = await reviewCode(server, app);
    const image = await png();
    const four = Array.from({ length: 4 }, (_, i) => ({
      name: `p${i}.png`,
      type: 'image/png',
      bytes: image,
    }));
    const tooMany = await askReview(server, app, code, { files: four });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'reviewTooManyDocuments', field: 'documents' });
    const big = new Uint8Array(REVIEW_DOCUMENT_BYTES_MAX + 1);
    big.set(image);
    const tooLarge = await askReview(server, app, code, {
      files: [{ name: 'big.png', type: 'image/png', bytes: big }],
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ statusCode: 413, code: 'reviewDocumentTooLarge' });
    expect(await stored(app)).toEqual({ review: undefined, documents: [] });
  });

  it('a file in another field, a repeated field, or JSON instead of a form: 4xx, nothing stored', async () => {
    const app = await refused();
    const code = await reviewCode(server, app);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      ...identity(app),
      code: code.code,
      timestamp: String(code.timestamp),
      statement: 'Mistake.',
    }))
      form.append(k, v);
    form.append('photo', new Blob([await png()], { type: 'image/png' }), 'x.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const otherField = await server.request({
      method: 'POST',
      url: '/api/status/review',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    });
    expect(otherField.statusCode).toBe(400);
    const json = await server.request({
      method: 'POST',
      url: '/api/status/review',
      payload: { ...identity(app), code: code.code, timestamp: code.timestamp, statement: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().statusCode).toBe(415);
    expect((await stored(app)).review).toBeUndefined();
  });

  it('without the XSRF token (another site’s form): 403, nothing stored', async () => {
    const app = await refused();
    const code = await reviewCode(server, app);
    const body = await multipart({
      ...identity(app),
      code: code.code,
      timestamp: String(code.timestamp),
      statement: 'Mistake.',
    });
    const forged = await server.app.inject({
      method: 'POST',
      url: '/api/status/review',
      payload: body.payload,
      headers: { ...body.headers, cookie: 'XSRF-TOKEN=abc', origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ statusCode: 403, code: 'xsrfMissing' });
    const forgedCode = await server.app.inject({
      method: 'POST',
      url: '/api/status/review/code',
      payload: identity(app),
    });
    expect(forgedCode.statusCode).toBe(403);
    expect((await stored(app)).review).toBeUndefined();
  });

  // Last: it moves the suite's clock a month on.
  it('asked late: 409 reviewTooLate, saying a visa can still be asked for', async () => {
    const app = await refused();
    const early = await reviewCode(server, app);
    const until = (await status(app)).json().reviewUntil as string;
    // Its last day ends at midnight in Jerusalem (UTC+2 in December): 22:00 UTC.
    server.clock.set(new Date(`${until}T21:59:00Z`));
    expect((await status(app)).json().reviewUntil).toBe(until);
    server.clock.set(new Date(`${until}T22:01:00Z`));
    const body = (await status(app)).json();
    expect(body.status).toBe('refused');
    expect(body.reviewUntil).toBeUndefined();
    const late = await reviewCode(server, app);
    expect(late.sent.statusCode).toBe(409);
    expect(late.sent.json()).toMatchObject({ statusCode: 409, code: 'reviewTooLate' });
    expect(late.sent.json().message).toMatch(/visa/);
    const asked = await askReview(server, app, early);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().code).toBe('reviewTooLate');
    expect((await stored(app)).review).toBeUndefined();
  });
});

describe.each(DATABASES)('the review’s limits on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      kind,
      services: { rateLimits: { ...HIGH_LIMITS, statusPerApplication: 3 } },
    });
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  it('the review’s calls count in the status look-up’s budget per application number', async () => {
    const app = await submitted(server, 'review-limits@example.com');
    await refuse(server, app);
    const code = await reviewCode(server, app);
    expect(code.sent.statusCode).toBe(200);
    const look = await server.request({
      method: 'POST',
      url: '/api/status',
      payload: identity(app),
    });
    expect(look.statusCode).toBe(200);
    const asked = await askReview(server, app, code);
    expect(asked.statusCode).toBe(200);
    // The fourth call for this number from this address in 15 minutes is refused, form or not.
    const again = await askReview(server, app, code);
    expect(again.statusCode).toBe(429);
    expect(again.json().statusCode).toBe(429);
  });
});
