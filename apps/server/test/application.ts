// What the suites that upload and submit share: real photos (photos.ts), multipart bodies, and an
// applicant with a verified token, an uploaded photo and the valid draft of the domain fixtures
// (packages/domain/test/fixtures.ts) made theirs.
import { createServer } from 'node:net';
import { type ApplicationDraft, withBearer } from '@eta-il/domain';
import type { LightMyRequestResponse } from 'fastify';
import { validDraft } from '../../../packages/domain/test/fixtures.ts';
import { type TestServer, verifiedToken, XSRF } from './harness.ts';
import { portrait } from './photos.ts';

/** A passport photo that passes the quality checks (photos.ts), as a JPEG or a PNG. */
export const jpegImage = (width = 600, height = 800) => portrait(width, height).jpeg().toBuffer();
export const pngImage = (width = 600, height = 800) => portrait(width, height).png().toBuffer();

/** A JPEG carrying EXIF: camera make, owner, and where it was taken (GPS IFD). */
export const jpegWithGps = () =>
  portrait()
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'T-1000', Copyright: 'Jane Doe' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '31/1 46/1 30/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '35/1 13/1 5/1',
      },
    })
    .toBuffer();

/**
 * The tags of IFD0 of an EXIF block ("Exif\0\0" + TIFF): 0x8825 is the pointer to the GPS IFD.
 * Enough TIFF to tell whether a photo says where it was taken.
 */
export const exifIfd0Tags = (exif: Buffer): number[] => {
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  const little = tiff.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  return Array.from({ length: u16(ifd0) }, (_, i) => u16(ifd0 + 2 + i * 12));
};
export const GPS_IFD_TAG = 0x8825;

export interface Part {
  name: string;
  /** Present for a file part. */
  filename?: string;
  contentType?: string;
  content: Buffer | string;
}

/** A multipart/form-data body, written by hand so tests control every byte. */
export const multipart = (parts: Part[], boundary = 'eta-il-test-boundary-7MA4YWxk') => {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${
      part.filename === undefined ? '' : `; filename="${part.filename}"`
    }`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** POST /api/photo with one file part named "photo". */
export const uploadPhoto = (
  server: TestServer,
  token: string | undefined,
  bytes: Buffer,
  { filename = 'photo.jpg', contentType = 'image/jpeg' } = {},
): Promise<LightMyRequestResponse> => {
  const body = multipart([{ name: 'photo', filename, contentType, content: bytes }]);
  return server.request({
    method: 'POST',
    url: '/api/photo',
    headers: { ...body.headers, ...(token ? { 'auth-token': token } : {}) },
    payload: body.payload,
  });
};

/** The valid draft of the domain fixtures, sent from `email` with the photo `photoId`. */
export const draftFor = (email: string, photoId: string): ApplicationDraft => ({
  ...withBearer(validDraft(), { photoId }),
  reqMainEmailAddress: email,
});

export interface Applicant {
  email: string;
  token: string;
  photoId: string;
  /** A fresh copy of this applicant's valid draft. */
  draft: () => ApplicationDraft;
}

/** Verifies `email` by its code, uploads a photo with the token: ready to submit. */
export const applicant = async (server: TestServer, email: string): Promise<Applicant> => {
  const token = await verifiedToken(server, email);
  const uploaded = await uploadPhoto(server, token, await jpegImage());
  if (uploaded.statusCode !== 200) throw new Error(`photo upload failed: ${uploaded.body}`);
  const photoId = (uploaded.json() as { photoId: string }).photoId;
  return { email, token, photoId, draft: () => draftFor(email, photoId) };
};

/** POST /api/senddatamarom as the applicant, with optional extra headers. */
export const submit = (
  server: TestServer,
  token: string | undefined,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> =>
  server.request({
    method: 'POST',
    url: '/api/senddatamarom',
    headers: {
      'content-type': 'application/json',
      ...(token ? { 'auth-token': token } : {}),
      ...headers,
    },
    payload: JSON.stringify(body),
  });

/** A loopback port with nothing listening on it (taken from a listener, then closed). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

/** The raw text of a received mail with header folding and quoted-printable soft breaks undone. */
export const unfoldMail = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ');

/** What the status page and the payment ask for: an application's number, passport, birth date. */
export interface Proof {
  applicationNumber: string;
  passportNumber: string;
  birthDate: string;
}

/** POST /api/payment as the traveller would: the answer (the hosted page's URL on success). */
export const startPayment = (server: TestServer, proof: Proof) =>
  server.request({ method: 'POST', url: '/api/payment', payload: proof });

/** Presses a button of the development provider's page at `url`, as its form posts it. */
export const pressOnDevPage = (server: TestServer, url: string, action: 'pay' | 'decline') =>
  server.request({
    method: 'POST',
    url: new URL(url).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-xsrf-token': '' },
    payload: new URLSearchParams({ action, xsrf: XSRF }).toString(),
  });

/**
 * Pays the fee through the real API, as a traveller does: POST /api/payment, then Pay on the
 * development provider's page. Answers the payment's id (from the page's redirect).
 */
export const payFee = async (server: TestServer, proof: Proof): Promise<string> => {
  const started = await startPayment(server, proof);
  if (started.statusCode !== 200) throw new Error(`payment not started: ${started.body}`);
  const { url } = started.json().body as { url: string };
  const paid = await pressOnDevPage(server, url, 'pay');
  if (paid.statusCode !== 303) throw new Error(`payment not made: ${paid.statusCode} ${paid.body}`);
  return new URL(String(paid.headers.location)).searchParams.get('payment') ?? '';
};
