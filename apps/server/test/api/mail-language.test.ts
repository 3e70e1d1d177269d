// The traveller's chosen language, sent by the web client as Accept-Language on every call, is
// the language of every e-mail: the code, the acknowledgement, and the later decision e-mail
// (stored with the application). Through the real routes, the real SMTP listener.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftFor, jpegImage, payFee, submit, uploadPhoto } from '../application.ts';
import { approve, mailTo, SETUP_MS } from '../decisions/support.ts';
import { codeFromMail, DATABASES, startTestServer, type TestServer } from '../harness.ts';

const GERMAN = { 'accept-language': 'de' };

describe.each(DATABASES)('e-mails in the chosen language on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  it('§7 calls: Accept-Language "de" gives a German code, acknowledgement and decision e-mail', async () => {
    const email = 'deutsch@example.com';
    const sent = await server.request({
      method: 'POST',
      url: '/api/deletecognitouser%20',
      headers: GERMAN,
      payload: { email, render: 'signUpUser' },
    });
    expect(sent.statusCode).toBe(200);
    const code = await codeFromMail(server.smtp, email);
    const codeMail = server.smtp.received.find((m) => m.to === email);
    expect(codeMail?.subject).toBe(`Ihr ETA-IL-Bestätigungscode: ${code}`);

    const confirmed = await server.request({
      method: 'POST',
      url: '/api/deletecognitouser',
      headers: GERMAN,
      payload: {
        email,
        confirmationCode: code,
        timestamp: sent.json().body.timestamp,
        render: 'confirmSignUp',
      },
    });
    const token = confirmed.json().body.idToken as string;
    const photo = await uploadPhoto(server, token, await jpegImage());
    const draft = draftFor(email, photo.json().photoId);
    const answer = await submit(server, token, draft, GERMAN);
    expect(answer.statusCode).toBe(200);
    const { ReqNum } = answer.json() as { ReqNum: string };

    const acknowledgement = await mailTo(server, email, /erhalten/);
    expect(acknowledgement.subject).toBe(`Wir haben Ihren ETA-IL-Antrag ${ReqNum} erhalten`);
    const row = await server.database.db
      .selectFrom('application')
      .select(['id', 'language'])
      .where('req_num', '=', ReqNum)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('de');
    expect(acknowledgement.text).toContain('Die Antragsgebühr von 25 NIS ist noch nicht bezahlt.');

    // The fee is paid through the API (without Accept-Language): the receipt is in German too.
    const bearer = draft.bearerList[0]!;
    await payFee(server, {
      applicationNumber: ReqNum,
      passportNumber: bearer.passportNum,
      birthDate: bearer.birthDate,
    });
    const receipt = await mailTo(server, email, /Quittung/);
    expect(receipt.subject).toBe('Quittung: ETA-IL-Gebühr bezahlt (25 NIS)');
    expect(receipt.text).toContain('am 22. November 2026 erhalten');

    await approve(server, row.id);
    const decision = await mailTo(server, email, /genehmigt/);
    expect(decision.subject).toBe(`Ihre ETA-IL ${ReqNum} ist genehmigt`);
  });

  it('§7 calls: without Accept-Language the e-mails are English', async () => {
    const email = 'plain@example.com';
    await server.request({
      method: 'POST',
      url: '/api/deletecognitouser%20',
      payload: { email, render: 'signUpUser' },
    });
    const code = await codeFromMail(server.smtp, email);
    expect(server.smtp.received.find((m) => m.to === email)?.subject).toContain(code);
    expect(server.smtp.received.find((m) => m.to === email)?.subject).toMatch(/^Your /);
  });
});
