// Travellers over real HTTP: each is verified by the code in its e-mail, uploads a photo, then
// submits its valid draft again and again until told to stop, each time in a new session (a
// session submits once, issue 26), as confirming another code would give. Every answer is
// recorded; an acknowledged submission is a 200 carrying a ReqNum.
import type { ApplicationDraft } from '@eta-il/domain';
import { createTokenService } from '../../src/auth/tokens.ts';
import { draftFor, jpegImage, multipart } from '../application.ts';
import { codeFromMail, type SmtpListener } from '../harness.ts';
import { type HttpClient, postJson } from './http-client.ts';
import { FAULT_AUTH_SECRET } from './server-process.ts';

/** The server process's tokens: a new session's token for a burst's next submission. */
const tokens = createTokenService(FAULT_AUTH_SECRET, () => new Date());

export interface RemoteApplicant {
  email: string;
  draft: () => ApplicationDraft;
}

const expectOk = (what: string, status: number, body: string) => {
  if (status !== 200) throw new Error(`${what} answered ${status}: ${body}`);
};

export const remoteApplicant = async (
  client: HttpClient,
  smtp: SmtpListener,
  email: string,
): Promise<RemoteApplicant> => {
  const sent = await postJson(client, '/api/deletecognitouser%20', {
    email,
    render: 'signUpUser',
  });
  expectOk('code request', sent.status, sent.body);
  const { timestamp } = sent.json().body as { timestamp: number };
  const code = await codeFromMail(smtp, email);
  const confirmed = await postJson(client, '/api/deletecognitouser', {
    email,
    confirmationCode: code,
    timestamp,
    render: 'confirmSignUp',
  });
  expectOk('code confirmation', confirmed.status, confirmed.body);
  const token = (confirmed.json().body as { idToken: string }).idToken;
  const photo = multipart([
    { name: 'photo', filename: 'photo.jpg', contentType: 'image/jpeg', content: await jpegImage() },
  ]);
  const uploaded = await client.request({
    method: 'POST',
    path: '/api/photo',
    headers: { ...photo.headers, 'auth-token': token },
    body: photo.payload,
  });
  expectOk('photo upload', uploaded.status, uploaded.body);
  const photoId = uploaded.json().photoId as string;
  return { email, draft: () => draftFor(email, photoId) };
};

export const remoteApplicants = (client: HttpClient, smtp: SmtpListener, count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, i) =>
      remoteApplicant(client, smtp, `burst.${i}.${Date.now()}@example.com`),
    ),
  );

export const submitRemote = async (client: HttpClient, applicant: RemoteApplicant) =>
  postJson(client, '/api/senddatamarom', applicant.draft(), {
    'auth-token': await tokens.issue(applicant.email),
  });

/** One answer of the burst; status 0 is a request that got no answer (connection cut). */
export interface BurstEvent {
  at: number;
  status: number;
  ms: number;
  retryAfter?: string | undefined;
  reqNum?: string;
  body?: string;
}

export interface Burst {
  events: BurstEvent[];
  /** The numbers the server acknowledged: each must be stored. */
  acknowledged: () => string[];
  stop: () => Promise<BurstEvent[]>;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every applicant submits in a loop, one request at a time each, until stop(). */
export const startBurst = (client: HttpClient, applicants: RemoteApplicant[]): Burst => {
  const events: BurstEvent[] = [];
  let stopping = false;
  const loop = async (applicant: RemoteApplicant) => {
    while (!stopping) {
      const started = Date.now();
      try {
        const answer = await submitRemote(client, applicant);
        const reqNum = answer.json().ReqNum;
        events.push({
          at: started,
          status: answer.status,
          ms: answer.ms,
          retryAfter: answer.headers['retry-after'],
          ...(answer.status === 200 && typeof reqNum === 'string' ? { reqNum } : {}),
          ...(answer.status !== 200 ? { body: answer.body } : {}),
        });
        if (answer.status !== 200) await pause(100);
      } catch {
        events.push({ at: started, status: 0, ms: Date.now() - started });
        await pause(100);
      }
    }
  };
  const running = Promise.all(applicants.map(loop));
  return {
    events,
    acknowledged: () => events.flatMap((e) => (e.reqNum ? [e.reqNum] : [])),
    stop: async () => {
      stopping = true;
      await running;
      return events;
    },
  };
};

/** Waits until the burst has recorded `count` more answers matching `match`, or `ms` passed. */
export const waitForEvents = async (
  burst: Burst,
  match: (e: BurstEvent) => boolean,
  count: number,
  ms: number,
) => {
  const before = burst.events.filter(match).length;
  const end = Date.now() + ms;
  while (burst.events.filter(match).length < before + count) {
    if (Date.now() > end) {
      const statuses = burst.events.map((e) => e.status).join(' ');
      throw new Error(`fewer than ${count} matching answers within ${ms} ms; answers: ${statuses}`);
    }
    await pause(20);
  }
};
