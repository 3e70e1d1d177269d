// POST /api/photo (auth-token): the passport photo, checked by its bytes and by the quality rules
// of the domain (the browser's), re-encoded and stored without metadata. GET /api/photo/:id: the
// stored photo, to its owner only.
import { type MessageId, messageText, PHOTO_MAX_BYTES } from '@eta-il/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exifIfd0Tags,
  GPS_IFD_TAG,
  jpegImage,
  jpegWithGps,
  multipart,
  pngImage,
  uploadPhoto,
} from '../application.ts';
import { DATABASES, startTestServer, type TestServer, verifiedToken } from '../harness.ts';
import { portrait, portraitJpeg, twoPortraitsJpeg } from '../photos.ts';

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);

describe.each(DATABASES)('passport photo on %s', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    token = await verifiedToken(server, 'photo@example.com');
  });
  afterAll(async () => {
    await server.close();
  });

  const storedBytes = async (photoId: string) => {
    const row = await server.database.db
      .selectFrom('photo')
      .select(['bytes', 'content_type', 'email', 'width', 'height'])
      .where('id', '=', photoId)
      .executeTakeFirstOrThrow();
    return { ...row, bytes: Buffer.from(row.bytes) };
  };
  const refusal = (messageId: MessageId, statusCode: number) => ({
    statusCode,
    message: messageText(messageId),
    code: messageId,
  });

  it('a JPEG with EXIF and GPS is 200 with a photoId; what is stored carries no EXIF at all', async () => {
    const original = await jpegWithGps();
    const exif = (await sharp(original).metadata()).exif;
    // The test image really says where it was taken.
    expect(exif && exifIfd0Tags(exif)).toContain(GPS_IFD_TAG);

    const answer = await uploadPhoto(server, token, original);
    expect(answer.statusCode).toBe(200);
    const { photoId, width, height } = answer.json();
    expect(photoId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect({ width, height }).toEqual({ width: 600, height: 800 });

    const stored = await storedBytes(photoId);
    expect(stored).toMatchObject({ email: 'photo@example.com', content_type: 'image/jpeg' });
    const metadata = await sharp(stored.bytes).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(stored.bytes.includes(Buffer.from('TestCam'))).toBe(false);
    expect(stored.bytes.includes(Buffer.from('Jane Doe'))).toBe(false);
  });

  it('the EXIF orientation is applied before the checks and before it is dropped', async () => {
    // A portrait stored lying on its side (800×600 pixels) that the camera marked "rotate 90°":
    // checked upright (a landscape photo would be refused), it is stored standing, 600×800.
    const sideways = await sharp(await portraitJpeg())
      .rotate(270)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await sharp(sideways).metadata()).toMatchObject({ width: 800, height: 600 });
    const answer = await uploadPhoto(server, token, sideways);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ width: 600, height: 800 });
  });

  it('a PNG is 200, stored as a JPEG', async () => {
    const answer = await uploadPhoto(server, token, await pngImage(), {
      filename: 'photo.png',
      contentType: 'image/png',
    });
    expect(answer.statusCode).toBe(200);
    const stored = await storedBytes(answer.json().photoId);
    expect(stored.content_type).toBe('image/jpeg');
    expect((await sharp(stored.bytes).metadata()).format).toBe('jpeg');
  });

  it('a large photo is scaled down to at most 1600 pixels a side', async () => {
    const answer = await uploadPhoto(server, token, await jpegImage(2400, 3200));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ width: 1200, height: 1600 });
  });

  it.each([
    [
      'a GIF',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
          .gif()
          .toBuffer(),
      'photo.gif',
      'image/gif',
    ],
    [
      'a WebP',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
          .webp()
          .toBuffer(),
      'photo.webp',
      'image/webp',
    ],
    [
      'a text file',
      async () => Buffer.from('just some text, not a photo\n'),
      'notes.txt',
      'text/plain',
    ],
    [
      'a text file named .jpg and sent as image/jpeg',
      async () => Buffer.from('<svg/>'),
      'photo.jpg',
      'image/jpeg',
    ],
    [
      'a PDF',
      async () => Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
      'photo.pdf',
      'application/pdf',
    ],
  ])('%s is 415', async (_, bytes, filename, contentType) => {
    const answer = await uploadPhoto(server, token, await bytes(), { filename, contentType });
    expect(answer.statusCode).toBe(415);
    expect(answer.json()).toEqual(refusal('photoWrongType', 415));
  });

  it('a JSON body instead of a multipart upload is 415', async () => {
    const answer = await server.request({
      method: 'POST',
      url: '/api/photo',
      headers: { 'auth-token': token, 'content-type': 'application/json' },
      payload: JSON.stringify({ photo: 'base64...' }),
    });
    expect(answer.statusCode).toBe(415);
    expect(answer.json().code).toBe('photoWrongType');
  });

  it('a file over 20 MB (PHOTO_MAX_BYTES + 1) is 413 with a clear message', async () => {
    const bytes = Buffer.alloc(PHOTO_MAX_BYTES + 1, 0x20);
    JPEG_MAGIC.copy(bytes);
    const answer = await uploadPhoto(server, token, bytes);
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual(refusal('photoTooLarge', 413));
    expect(answer.json().message).toMatch(/20 MB/);
  });

  it.each([
    [
      'JPEG magic bytes then garbage',
      async () => Buffer.concat([JPEG_MAGIC, Buffer.from('garbage'.repeat(200))]),
    ],
    [
      // The signature and the IHDR chunk of a real PNG (33 bytes), then no image data.
      'a PNG header then garbage',
      async () => Buffer.concat([(await pngImage()).subarray(0, 33), Buffer.alloc(2000, 0x41)]),
    ],
  ])('%s is 422 photoUnreadable, never 500', async (_, bytes) => {
    const answer = await uploadPhoto(server, token, await bytes());
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual(refusal('photoUnreadable', 422));
  });

  it('a truncated JPEG (the first half of a real one) is 422', async () => {
    const whole = await jpegImage(400, 400);
    const answer = await uploadPhoto(server, token, whole.subarray(0, whole.length / 2));
    expect(answer.statusCode).toBe(422);
    expect(answer.json().code).toBe('photoUnreadable');
  });

  it('a decompression bomb (over 40 megapixels) is 422, not decoded', async () => {
    const bomb = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(PHOTO_MAX_BYTES);
    const answer = await uploadPhoto(server, token, bomb, { contentType: 'image/png' });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().code).toBe('photoUnreadable');
  });

  const photoCount = async () =>
    (await server.database.db.selectFrom('photo').select('id').execute()).length;

  it.each([
    ['too small (300 × 400 pixels)', () => portraitJpeg(300, 400), 'photoTooSmall'],
    ['of the wrong shape (landscape)', () => portraitJpeg(800, 600), 'photoWrongShape'],
    ['of the wrong shape (square)', () => portraitJpeg(700, 700), 'photoWrongShape'],
    ['too dark', () => portrait().linear(0.25, 0).jpeg().toBuffer(), 'photoTooDark'],
    ['washed out', () => portrait().linear(1, 110).jpeg().toBuffer(), 'photoTooBright'],
    ['blurred', () => portrait().blur(6).jpeg().toBuffer(), 'photoBlurred'],
    ['against a grey wall', () => portraitJpeg(600, 800, { wall: '#777777' }), 'photoBackground'],
    ['before shelves', () => portraitJpeg(600, 800, { shelves: true }), 'photoBackground'],
    [
      'with no face (a poster on the wall)',
      () => portraitJpeg(600, 800, { head: 0 }),
      'photoNoFace',
    ],
    ['of two people side by side', twoPortraitsJpeg, 'photoManyFaces'],
    ['taken too far away', () => portraitJpeg(600, 800, { head: 0.6 }), 'photoFaceTooSmall'],
    [
      'taken too close (the face fills the frame)',
      () => portraitJpeg(600, 800, { head: 1.8, hair: false }),
      'photoFaceTooClose',
    ],
  ] as const)(
    'a photo %s is 422 with its reason, and nothing is stored',
    async (_, photo, code) => {
      const before = await photoCount();
      const answer = await uploadPhoto(server, token, await photo());
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual(refusal(code, 422));
      expect(await photoCount()).toBe(before);
    },
  );

  it('a PNG failing a check is refused with the same reason as a JPEG', async () => {
    const dark = await portrait().linear(0.25, 0).png().toBuffer();
    const answer = await uploadPhoto(server, token, dark, { contentType: 'image/png' });
    expect(answer.json()).toEqual(refusal('photoTooDark', 422));
  });

  it('a multipart body without a file is 400 photoRequired', async () => {
    const body = multipart([{ name: 'note', content: 'no file here' }]);
    const answer = await server.request({
      method: 'POST',
      url: '/api/photo',
      headers: { ...body.headers, 'auth-token': token },
      payload: body.payload,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(refusal('photoRequired', 400));
  });

  it('no auth-token is 401 and nothing is stored', async () => {
    const before = await photoCount();
    const answer = await uploadPhoto(server, undefined, await jpegImage());
    expect(answer.statusCode).toBe(401);
    expect(answer.json().code).toBe('tokenInvalid');
    expect(await photoCount()).toBe(before);
  });

  it('GET /api/photo/:id gives its owner the stored image, and nobody else', async () => {
    const { photoId } = (await uploadPhoto(server, token, await jpegWithGps())).json();
    const get = (id: string, authToken?: string) =>
      server.request({
        method: 'GET',
        url: `/api/photo/${id}`,
        headers: authToken ? { 'auth-token': authToken } : {},
      });

    const own = await get(photoId, token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.equals((await storedBytes(photoId)).bytes)).toBe(true);

    const otherToken = await verifiedToken(server, 'someone.else@example.com');
    const other = await get(photoId, otherToken);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(refusal('photoNotFound', 404));

    expect((await get(photoId)).statusCode).toBe(401);
    expect((await get('not-a-uuid', token)).statusCode).toBe(404);
    expect((await get('123e4567-e89b-12d3-a456-426614174000', token)).statusCode).toBe(404);
  });
});
