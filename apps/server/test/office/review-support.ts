// What the review suites share (issue 30): a case refused through the office routes (an officer
// proposes, a supervisor confirms), then a review asked as the traveller's request will store it
// (the machine's requestReview through moveApplication, the review's row and a small re-encoded
// PNG), without the traveller's HTTP endpoint, which is built beside this.
import sharp from 'sharp';
import { moveApplication } from '../../src/decisions/move-application.ts';
import { decisionDeps, drive, type Submitted, submitted } from '../decisions/support.ts';
import type { OfficeTestServer, SignedIn } from './support.ts';

/** A 4 × 4 red PNG, as the upload's re-encoding stores an image. */
export const smallPng = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00000' } })
    .png()
    .toBuffer();

export const STATEMENT =
  'I am not the person on the list: my passport and birth certificate show it.';

/**
 * A referred case (with its own passport number) that `proposer` proposes to refuse and
 * `confirmer` confirms: state refused.
 */
export const refusedCase = async (
  server: OfficeTestServer,
  email: string,
  passportNum: string,
  proposer: SignedIn,
  confirmer: SignedIn,
): Promise<Submitted> => {
  const app = await submitted(server, email, { changes: { passportNum } });
  await drive(server, app.id, [['startScreening'], ['screeningHit', ['WATCHLIST']]]);
  const post = (who: SignedIn, path: string, payload: object = {}) =>
    who.call({ method: 'POST', url: `/office/api/cases/${app.id}/${path}`, payload });
  for (const [who, path, payload] of [
    [proposer, 'claim', {}],
    [proposer, 'refuse', { reasons: ['securityConcern'], note: 'Matches the watchlist entry.' }],
    [confirmer, 'refusal/confirm', {}],
  ] as const) {
    const answer = await post(who, path, payload);
    if (answer.statusCode !== 200) throw new Error(`${path}: ${answer.body}`);
  }
  return app;
};

/** The traveller asks for a review of a refused application: its state, its row, one document. */
export const askForReview = async (
  server: OfficeTestServer,
  app: Submitted,
  { documents = 1 }: { documents?: number } = {},
) => {
  const db = server.database.db;
  const moved = await moveApplication(db, decisionDeps(server), {
    applicationId: app.id,
    event: 'requestReview',
    actor: 'traveller',
  });
  if (!moved.ok) throw new Error(`requestReview refused: ${moved.refusal}`);
  await db
    .insertInto('application_review')
    .values({ application_id: app.id, statement: STATEMENT, asked_at: server.clock() })
    .execute();
  const png = await smallPng();
  for (let position = 1; position <= documents; position += 1) {
    await db
      .insertInto('application_review_document')
      .values({ application_id: app.id, position, media_type: 'image/png', content: png })
      .execute();
  }
  return png;
};
