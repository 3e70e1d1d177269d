// What the review suites share: a refused application, the review's e-mailed code, the multipart
// request the status page sends, and supporting documents that are what they claim or are not.
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { drive, identity, type Submitted } from '../decisions/support.ts';
import { codeIn, eventually, isCodeMail, type TestServer } from '../harness.ts';

/** Refuses a submitted application (screened, hit, refused by a supervisor). */
export const refuse = (server: TestServer, app: Submitted) =>
  drive(server, app.id, [
    ['startScreening'],
    ['screeningHit', ['watchlist']],
    ['refuse', ['previousRefusal']],
  ]);

/** Asks for a review code; answers the reply and the code from the new e-mail (if one came). */
export const reviewCode = async (server: TestServer, app: Submitted) => {
  server.clock.advance(31_000); // past the resend interval
  const mails = () => server.smtp.received.filter((m) => m.to === app.email && isCodeMail(m));
  const before = mails().length;
  const sent = await server.request({
    method: 'POST',
    url: '/api/status/review/code',
    payload: identity(app),
  });
  if (sent.statusCode !== 200) return { sent, code: '', timestamp: 0 };
  const mail = await eventually(() => mails()[before]);
  return { sent, code: codeIn(mail) ?? '', timestamp: sent.json().timestamp as number };
};

export interface Upload {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** The multipart body a browser's FormData makes, and its content type. */
export const multipart = async (fields: Record<string, string>, files: Upload[] = []) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      'documents',
      new Blob([Uint8Array.from(file.bytes)], { type: file.type }),
      file.name,
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
};

/** POST /api/status/review as the status page sends it. */
export const askReview = async (
  server: TestServer,
  app: Submitted,
  { code, timestamp }: { code: string; timestamp: number },
  {
    statement = 'I was refused by mistake: the earlier refusal was another person.',
    files = [] as Upload[],
    headers = {} as Record<string, string>,
  } = {},
) => {
  const body = await multipart(
    { ...identity(app), code, timestamp: String(timestamp), statement },
    files,
  );
  return server.request({
    method: 'POST',
    url: '/api/status/review',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
};

/** A JPEG carrying EXIF (a camera's make and a comment that must not survive). */
export const jpegWithExif = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: '#2a6f97' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', ImageDescription: 'home address' } })
    .toBuffer();

export const png = () =>
  sharp({ create: { width: 200, height: 120, channels: 4, background: '#f4a261' } })
    .png()
    .withExif({ IFD0: { Make: 'SecretCam' } })
    .toBuffer();

/** A PDF of `pages` pages with text, made with pdfkit. */
export const pdf = (pages = 1, text = 'Letter from the employer') =>
  new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument({ info: { Author: 'Secret Author' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (let i = 0; i < pages; i += 1) {
      if (i > 0) doc.addPage();
      doc.fontSize(28).text(`${text} ${i + 1}`);
    }
    doc.end();
  });

/** A ZIP archive's first bytes (a local file header with one stored file), named .pdf. */
export const zip = () => {
  const name = Buffer.from('a.txt');
  const content = Buffer.from('hello');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(10, 4);
  header.writeUInt32LE(content.length, 18);
  header.writeUInt32LE(content.length, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, content]);
};

export const html = () =>
  Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
