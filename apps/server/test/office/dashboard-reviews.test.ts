// The dashboard's reviews of refusals (issue 30 item 5): asked, decided, overturned and waiting,
// the age of the oldest waiting, and the median time from request to decision; none at first.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../src/db/database.ts';
import { SETUP_MS } from '../decisions/support.ts';
import { DATABASES } from '../harness.ts';
import { type OfficeTestServer, type SignedIn, staffMember, startOfficeServer } from './support.ts';

const HOUR = 3_600;

describe.each(DATABASES)('the dashboard’s reviews on %s', (kind) => {
  let server: OfficeTestServer;
  let supervisor: SignedIn;
  beforeAll(async () => {
    server = await startOfficeServer(kind);
    server.clock.set(new Date('2026-11-22T09:00:00Z'));
    supervisor = await staffMember(server, 'supervisor');
  }, SETUP_MS);
  afterAll(async () => {
    await server?.close();
  });

  const reviews = async () => {
    const answer = await supervisor.call({ method: 'GET', url: '/office/api/dashboard' });
    expect(answer.statusCode).toBe(200);
    return answer.json().dashboard.reviews;
  };

  /** A review asked at `asked`, decided `decided` after it (hours) with `outcome`, or waiting. */
  const review = async (asked: string, decision?: [hours: number, 'upheld' | 'overturned']) => {
    const id = randomUUID();
    const db = server.database.db;
    await db
      .insertInto('application')
      .values({
        id,
        req_num: `ISR-REV-${id.slice(0, 8)}`,
        state: decision ? (decision[1] === 'upheld' ? 'refused' : 'approved') : 'review_requested',
        email: 'review@example.com',
        passport_num: 'P1234567',
        passport_country_id: 840,
        first_name: 'ANA',
        last_name: 'REVIEW',
        birth_date: '1990-01-01',
        arrival_date: '2027-01-01',
        photo_id: null,
        draft: json({}),
        created_at: new Date('2026-11-01T07:00:00Z'),
      })
      .execute();
    const askedAt = new Date(asked);
    await db
      .insertInto('application_review')
      .values({
        application_id: id,
        statement: 'Not me.',
        asked_at: askedAt,
        ...(decision
          ? {
              decided_by: supervisor.id,
              decided_at: new Date(askedAt.getTime() + decision[0] * HOUR * 1000),
              outcome: decision[1],
              reason: decision[1] === 'upheld' ? 'Listed.' : null,
            }
          : {}),
      })
      .execute();
  };

  it('counts nothing before any review is asked', async () => {
    expect(await reviews()).toEqual({
      asked: 0,
      decided: 0,
      overturned: 0,
      waiting: 0,
      oldestWaitingSeconds: null,
      medianSecondsToDecision: null,
    });
  });

  it('counts reviews asked, decided and overturned, the oldest waiting and the median decision time', async () => {
    await review('2026-11-20T09:00:00Z');
    await review('2026-11-21T09:00:00Z');
    await review('2026-11-19T09:00:00Z', [1, 'upheld']);
    await review('2026-11-19T09:00:00Z', [3, 'overturned']);
    await review('2026-11-18T09:00:00Z', [5, 'overturned']);
    expect(await reviews()).toEqual({
      asked: 5,
      decided: 3,
      overturned: 2,
      waiting: 2,
      oldestWaitingSeconds: 48 * HOUR,
      medianSecondsToDecision: 3 * HOUR,
    });
  });
});
