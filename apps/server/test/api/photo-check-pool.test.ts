// Photo checks on worker threads (issue 32): the measures and the face detector run off the event
// loop, on the process's pool, and photos checked at once each get their own verdict.
import { messageText } from '@eta-il/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoCheckPoolStats } from '../../src/api/photo/check-pool.ts';
import { uploadPhoto } from '../application.ts';
import { startTestServer, type TestServer, verifiedToken } from '../harness.ts';
import { portrait, portraitJpeg, twoPortraitsJpeg } from '../photos.ts';

describe('photo checks on worker threads', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ kind: 'pglite' });
    token = await verifiedToken(server, 'pool@example.com');
  });
  afterAll(async () => {
    await server.close();
  });

  it('an upload is checked by the pool, not on the event loop', async () => {
    const before = photoCheckPoolStats().completed;
    const answer = await uploadPhoto(server, token, await portraitJpeg());
    expect(answer.statusCode).toBe(200);
    const after = photoCheckPoolStats();
    expect(after.completed).toBe(before + 1);
    expect(after.threads).toBeGreaterThanOrEqual(1);
  });

  it('eight photos at once, good and spoiled, each get their own verdict', async () => {
    const good = await portraitJpeg();
    const dark = await portrait().linear(0.25, 0).jpeg().toBuffer();
    const two = await twoPortraitsJpeg();
    const photos = [good, dark, two, good, dark, two, good, dark];
    const expected = [
      'ok',
      'photoTooDark',
      'photoManyFaces',
      'ok',
      'photoTooDark',
      'photoManyFaces',
      'ok',
      'photoTooDark',
    ];
    const answers = await Promise.all(photos.map((photo) => uploadPhoto(server, token, photo)));
    const verdicts = answers.map((answer) =>
      answer.statusCode === 200 ? 'ok' : (answer.json() as { code: string }).code,
    );
    expect(verdicts).toEqual(expected);
    const refused = answers.find((answer) => answer.statusCode === 422);
    expect(refused?.json()).toMatchObject({ message: messageText('photoTooDark') });
  });
});
