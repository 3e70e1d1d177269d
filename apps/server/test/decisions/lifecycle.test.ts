// moveApplication on a real database: the state, its reqStatusId mirror, the stored transitions,
// the authorization on approval, refusals that change nothing, and the traveller's e-mails, which
// arrive at the real SMTP listener in the applicant's language.
import { REQUEST_STATUS_OF } from '@eta-il/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveApplication } from '../../src/decisions/move-application.ts';
import { DATABASES, eventually, startTestServer, type TestServer } from '../harness.ts';
import {
  approve,
  decisionDeps,
  drive,
  mailTo,
  officer,
  PUBLIC_URL,
  SETUP_MS,
  submitted,
} from './support.ts';

describe.each(DATABASES)('the lifecycle on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  const stored = (id: string) =>
    server.database.db
      .selectFrom('application')
      .select(['state', 'draft', 'state_changed_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('a new submission is in state submitted, its draft at reqStatusId 1', async () => {
    const app = await submitted(server, 'new@example.com');
    const row = await stored(app.id);
    expect(row.state).toBe('submitted');
    expect(row.draft.reqStatusId).toEqual({ id: 1, Description: 'Submitted' });
  });

  it('approval: state, reqStatusId mirror, transitions, authorization, and a Hebrew e-mail', async () => {
    const app = await submitted(server, 'hebrew@example.com', { language: 'he' });
    await approve(server, app.id);
    const row = await stored(app.id);
    expect(row.state).toBe('approved');
    expect(row.draft.reqStatusId).toEqual(REQUEST_STATUS_OF.approved);
    expect(row.state_changed_at).toEqual(server.clock());

    const transitions = await server.database.db
      .selectFrom('application_transition')
      .select(['from_state', 'to_state', 'actor_kind', 'actor_id', 'reasons'])
      .where('application_id', '=', app.id)
      .orderBy('id')
      .execute();
    expect(transitions).toEqual([
      // The fee, paid through the API by the suite's support (issue 27).
      {
        from_state: 'awaiting_payment',
        to_state: 'submitted',
        actor_kind: 'system',
        actor_id: null,
        reasons: [],
      },
      {
        from_state: 'submitted',
        to_state: 'screening',
        actor_kind: 'system',
        actor_id: null,
        reasons: [],
      },
      {
        from_state: 'screening',
        to_state: 'approved',
        actor_kind: 'system',
        actor_id: null,
        reasons: [],
      },
    ]);

    // Decided 2026-11-22; the passport expires 2030-05-09, so two years win.
    const authorization = await server.database.db
      .selectFrom('travel_authorization')
      .select([
        'passport_num',
        sql<string>`valid_from::text`.as('valid_from'),
        sql<string>`valid_until::text`.as('valid_until'),
      ])
      .where('application_id', '=', app.id)
      .execute();
    expect(authorization).toEqual([
      { passport_num: 'AB1234567', valid_from: '2026-11-22', valid_until: '2028-11-22' },
    ]);

    const mail = await mailTo(server, app.email, /אושרה/);
    expect(mail.subject).toBe(`בקשת ה-ETA-IL שלך ${app.reqNum} אושרה`);
    expect(mail.text).toContain('22 בנובמבר 2028');
    expect(mail.text).toContain('•••••4567');
    expect(mail.text).not.toContain('AB1234567');
    expect(mail.text).toContain(`${PUBLIC_URL}/status`);
  });

  it('an authorization ends with the passport when it expires first', async () => {
    const app = await submitted(server, 'short@example.com', {
      changes: { passportExpireDate: '2027-06-30' },
    });
    await approve(server, app.id);
    const row = await server.database.db
      .selectFrom('travel_authorization')
      .select(sql<string>`valid_until::text`.as('until'))
      .where('application_id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(row.until).toBe('2027-06-30');
  });

  it('refusal (confirmed by a supervisor): reasons in plain French and the visa route', async () => {
    const app = await submitted(server, 'french@example.com', { language: 'fr' });
    await drive(server, app.id, [
      ['startScreening'],
      ['screeningHit', ['watchlist']],
      ['refuse', ['documentReportedLost']],
    ]);
    expect((await stored(app.id)).draft.reqStatusId).toEqual({ id: 5, Description: 'Refused' });
    const mail = await mailTo(server, app.email, /Décision/);
    expect(mail.text).toContain('Le passeport indiqué a été déclaré perdu ou volé.');
    expect(mail.text).toContain(`${PUBLIC_URL}/visa-option`);
    expect(mail.text).toContain(`${PUBLIC_URL}/status`);
    // The screening hit is for officers only.
    expect(mail.text).not.toContain('watchlist');
    const last = await server.database.db
      .selectFrom('application_transition')
      .select(['actor_kind', 'actor_id', 'reasons'])
      .where('application_id', '=', app.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toEqual({
      actor_kind: 'staff',
      actor_id: 'supervisor-1',
      reasons: ['documentReportedLost'],
    });
  });

  it('information requested: what is asked and how to answer, in Arabic; one mail per notice', async () => {
    const app = await submitted(server, 'arabic@example.com', { language: 'ar' });
    await drive(server, app.id, [
      ['startScreening'],
      ['screeningHit', ['watchlist']],
      ['requestInfo', ['travelPurpose']],
      ['answerInfo'],
      ['approve'],
    ]);
    const asked = await mailTo(server, app.email, /نحتاج/);
    expect(asked.text).toContain('وصف قصير لغرض رحلتك.');
    expect(asked.text).toContain(app.reqNum);
    await mailTo(server, app.email, /تمت الموافقة/);
    // Acknowledgement, the fee's receipt, information request, approval: no mail for screening or
    // the answer.
    // Every mail was queued with its move; once none waits, all have been delivered.
    await eventually(async () => {
      const waiting = await server.database.db
        .selectFrom('mail_message')
        .select('id')
        .where('recipient', '=', app.email)
        .where('dead_at', 'is', null)
        .execute();
      return waiting.length === 0 ? true : undefined;
    });
    const decisionMails = server.smtp.received.filter(
      (m) => m.to === app.email && m.text.includes(app.reqNum),
    );
    expect(decisionMails).toHaveLength(4);
  });

  it('a move the machine forbids changes nothing and queues nothing', async () => {
    const app = await submitted(server, 'forbidden@example.com');
    // Mail for this traveller, waiting or delivered: delivery deletes the row after sending, so the
    // sum only grows, and a queued mail makes it grow. Other tests' mail is not counted.
    const mailFor = async (to: string) => {
      const waiting = await server.database.db
        .selectFrom('mail_message')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('recipient', '=', to)
        .executeTakeFirstOrThrow();
      return Number(waiting.n) + server.smtp.received.filter((m) => m.to === to).length;
    };
    await mailTo(server, app.email, new RegExp(`received your ETA-IL application ${app.reqNum}`));
    // Counted once the delivered acknowledgement's row is gone (it is deleted just after
    // sending): counted in between, it would be there twice, as a row and as received.
    const before = await eventually(async () => {
      const n = await mailFor(app.email);
      return n === server.smtp.received.filter((m) => m.to === app.email).length ? n : undefined;
    });
    const deps = decisionDeps(server);
    const db = server.database.db;
    const base = { applicationId: app.id, reasons: ['securityConcern'] };
    expect(await moveApplication(db, deps, { ...base, event: 'refuse', actor: officer })).toEqual({
      ok: false,
      refusal: 'notAllowedFromState',
    });
    expect(
      await moveApplication(db, deps, {
        applicationId: app.id,
        event: 'startScreening',
        actor: 'traveller',
      }),
    ).toEqual({ ok: false, refusal: 'actorNotAllowed' });
    expect(
      await moveApplication(db, deps, {
        applicationId: '00000000-0000-4000-8000-000000000000',
        event: 'startScreening',
        actor: 'system',
      }),
    ).toEqual({ ok: false, refusal: 'notFound' });
    expect((await stored(app.id)).state).toBe('submitted');
    expect(await mailFor(app.email)).toBe(before);
  });
});
