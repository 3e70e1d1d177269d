// What the decision suites share: a submitted application (through the real submission route),
// moves through the lifecycle with moveApplication, and the mail that arrives for an address.
import { type Actor, type ApplicationDraft, type LifecycleEvent, withBearer } from '@eta-il/domain';
import { RATE_LIMITS } from '../../src/app.ts';
import { type DecisionDeps, moveApplication } from '../../src/decisions/move-application.ts';
import { applicant, payFee, submit } from '../application.ts';
import { eventually, type ReceivedMail, type TestServer } from '../harness.ts';

export const PUBLIC_URL = 'https://eta-il.example.test';
export const officer: Actor = { staff: 'officer-1', role: 'officer' };
/** A refusal moves the state only when a supervisor confirms it (four eyes, issue 11). */
export const supervisor: Actor = { staff: 'supervisor-1', role: 'supervisor' };

export interface Submitted {
  id: string;
  reqNum: string;
  email: string;
  passportNumber: string;
  birthDate: string;
}

/**
 * Submits the valid draft from `email` (changed by `changes`), stored with `language`, and pays
 * its fee through the real API and the development provider's page (unless `pay` is false: the
 * application then waits in awaiting_payment).
 */
export const submitted = async (
  server: TestServer,
  email: string,
  {
    language = 'en',
    changes = {},
    pay = true,
  }: {
    language?: string;
    changes?: Partial<ApplicationDraft['bearerList'][number]>;
    pay?: boolean;
  } = {},
): Promise<Submitted> => {
  const person = await applicant(server, email);
  const draft = withBearer(person.draft(), changes);
  const answer = await submit(server, person.token, draft);
  if (answer.statusCode !== 200) throw new Error(`submission failed: ${answer.body}`);
  const reqNum = answer.json().ReqNum as string;
  // The submission stores the language of its request (lead's wiring); here it is set directly.
  const row = await server.database.db
    .updateTable('application')
    .set({ language })
    .where('req_num', '=', reqNum)
    .returning('id')
    .executeTakeFirstOrThrow();
  const bearer = draft.bearerList[0];
  const found: Submitted = {
    id: row.id,
    reqNum,
    email,
    passportNumber: bearer?.passportNum ?? '',
    birthDate: bearer?.birthDate ?? '',
  };
  if (pay) await payFee(server, identity(found));
  return found;
};

export const decisionDeps = (server: TestServer): DecisionDeps => ({
  clock: server.clock,
  timeZone: 'Asia/Jerusalem',
  publicUrl: PUBLIC_URL,
});

/** Sends each event in turn (staff events as the officer, a refusal as the supervisor); fails on a refusal. */
export const drive = async (
  server: TestServer,
  applicationId: string,
  moves: [LifecycleEvent, string[]?][],
) => {
  for (const [event, reasons] of moves) {
    const actor: Actor = ['approve', 'requestInfo'].includes(event)
      ? officer
      : event === 'refuse'
        ? supervisor
        : ['answerInfo', 'withdraw'].includes(event)
          ? 'traveller'
          : 'system';
    const outcome = await moveApplication(server.database.db, decisionDeps(server), {
      applicationId,
      event,
      actor,
      reasons,
    });
    if (!outcome.ok) throw new Error(`${event} refused: ${outcome.refusal}`);
  }
};

export const approve = (server: TestServer, id: string) =>
  drive(server, id, [['startScreening'], ['screeningPassed']]);

/** The first mail to `to` whose subject matches. */
export const mailTo = (server: TestServer, to: string, subject: RegExp): Promise<ReceivedMail> =>
  eventually(() => server.smtp.received.find((m) => m.to === to && subject.test(m.subject)));

/** Booting a database and verifying an applicant is slow on a busy machine. */
export const SETUP_MS = 180_000;

/** What the traveller types on /status: the number, passport number and birth date. */
export const identity = (app: Submitted) => ({
  applicationNumber: app.reqNum,
  passportNumber: app.passportNumber,
  birthDate: app.birthDate,
});

/** Every rate limit out of the way, for suites that make many requests from one address. */
export const HIGH_LIMITS = Object.fromEntries(Object.keys(RATE_LIMITS).map((k) => [k, 1_000_000]));
