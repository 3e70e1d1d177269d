// POST /api/status: an application's state for whoever knows its number, passport number and
// birth date; every mismatch is the same 404. Those three facts only find a record: every change
// is confirmed by a code e-mailed to the application's CURRENT address, bound to that change's
// purpose and to that application (decision 048), so knowing the facts is not enough to take a
// record over (issue 26). POST /api/status/withdraw/code and POST /api/status/withdraw:
// withdrawing before a decision. POST /api/status/answer/code and POST /api/status/answer: the
// traveller's answer to an officer's question, which returns the case to the queue.
// POST /api/status/correction/code and POST /api/status/correction: corrections before a
// decision (issue 13; ./correction.ts), a new contact address included. A traveller who lost the
// address asks an officer (decision 047): POST /api/status/contact-request/code sends a code to
// the NEW address, and POST /api/status/contact-request, with it and the passport's MRZ lines,
// leaves a request in the officers' queue (./contact-request.ts). Limited per IP (route config),
// per source and application number, and per application number from all sources far higher
// (preHandler).
import {
  CONFIRMATION_CODE_PATTERN,
  type CodePurpose,
  type Correction,
  EmailSchema,
  infoAnswerProblem,
  isCorrectableField,
  LOCKED_FIELDS,
  messageText,
  normalizeEmail,
} from '@eta-il/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { Db } from '../../db/database.ts';
import { answerInformationRequest } from '../../decisions/answer-info-request.ts';
import type { LinkService } from '../../decisions/links.ts';
import { findApplication } from '../../decisions/lookup.ts';
import {
  type DecisionDeps,
  languageOf,
  moveApplication,
} from '../../decisions/move-application.ts';
import { send } from '../../http.ts';
import { maskEmail } from '../../mail/mask-email.ts';
import { mailLanguage } from '../../mail/templates.ts';
import { clientOf } from '../../security/client.ts';
import { CODE_PROBLEM_STATUS } from '../email-code/routes.ts';
import type { CodeProblem, EmailCodeService } from '../email-code/service.ts';
import { CodeTimestamp } from '../email-code/timestamp.ts';
import type { ReferenceCache } from '../reference-data/cache.ts';
import { statusAnswer } from './answer.ts';
import { badRequest, Identity, lookupChecks, notFound, type StatusLimits } from './checks.ts';
import {
  CONTACT_REQUEST_REFUSALS,
  type ContactRequestRefusal,
  contactChangeRefusal,
  hasOpenRequest,
  mrzRefusal,
  storeContactRequest,
} from './contact-request.ts';
import { correctApplication } from './correction.ts';

const Confirmed = {
  code: z.string().check(z.regex(CONFIRMATION_CODE_PATTERN)),
  timestamp: CodeTimestamp,
};
/** The answer's text is judged first, so its own refusal names the field. */
const AnswerText = z.object({ answer: z.string() });
const Answer = z.object({ ...Identity.shape, ...Confirmed, answer: z.string() });
const Withdraw = z.object({ ...Identity.shape, ...Confirmed });
/**
 * Every code goes to the application's current address. `email` (the new address a correction
 * asks for) is still accepted, as older pages send it, and ignored (decision 048).
 */
const CodeAsked = z.object({ ...Identity.shape, email: z.optional(z.string()) });
const Correct = z.object({
  ...Identity.shape,
  ...Confirmed,
  changes: z.record(z.string(), z.string().check(z.maxLength(254))),
});

/** The new address of a lost-address request, judged apart so that its refusal names it. */
const NewEmail = z.object({ newEmail: EmailSchema() });
const ContactCodeAsked = z.object({ ...Identity.shape, newEmail: z.string() });
const MrzLine = z.string().check(z.maxLength(60));
const ContactRequest = z.object({
  ...ContactCodeAsked.shape,
  ...Confirmed,
  mrz: z.tuple([MrzLine, MrzLine]),
});
/** MRZ lines as stored: capitals, no spaces. */
const mrzLine = (line: string) => line.replace(/\s+/g, '').toUpperCase();

export interface StatusRouteDeps {
  db: Db;
  reference: ReferenceCache;
  links: LinkService;
  codes: EmailCodeService;
  decisions: DecisionDeps;
  limits?: Partial<StatusLimits>;
}

/** A code not sent or not accepted; a wrong one says how many tries it has left. */
const codeRefusal = (reply: FastifyReply, refusal: { problem: CodeProblem; triesLeft?: number }) =>
  send(reply, CODE_PROBLEM_STATUS[refusal.problem], {
    message: messageText(refusal.problem),
    code: refusal.problem,
    ...(refusal.triesLeft === undefined ? {} : { triesLeft: refusal.triesLeft }),
  });

const contactRefusal = (reply: FastifyReply, refusal: ContactRequestRefusal) =>
  send(reply, CONTACT_REQUEST_REFUSALS[refusal].status, {
    message: CONTACT_REQUEST_REFUSALS[refusal].message,
    code: refusal,
    ...(refusal.startsWith('mrz') ? { field: 'mrz' } : {}),
    ...(refusal === 'sameAddress' ? { field: 'newEmail' } : {}),
  });

/** The new address's own refusal: not an address (400 emailInvalid, at the field). */
const newEmailProblem = (reply: FastifyReply, body: unknown) => {
  if (NewEmail.safeParse(body).success) return undefined;
  return send(reply, 400, {
    message: messageText('emailInvalid'),
    code: 'emailInvalid',
    field: 'newEmail',
  });
};

/** A code of `purpose` for one application, to its current address, asked by this request. */
const requesterFor = (
  request: FastifyRequest,
  found: { id: string; email: string },
  purpose: CodePurpose,
) => ({ email: found.email, client: clientOf(request), purpose, subject: found.id });

export const statusRoutes = (app: FastifyInstance, deps: StatusRouteDeps) => {
  const { config, perApplication } = lookupChecks(app, 'status', deps.limits);
  const language = (request: FastifyRequest) =>
    mailLanguage(request.headers['accept-language']?.toString());

  app.post('/api/status', { config, preHandler: perApplication }, async (request, reply) => {
    const parsed = Identity.safeParse(request.body);
    if (!parsed.success) return badRequest(reply);
    const found = await findApplication(deps.db, parsed.data);
    if (!found) return notFound(reply);
    return send(reply, 200, await statusAnswer(deps.db, deps.links, found, language(request)));
  });

  /**
   * E-mails a code that confirms one kind of change (`purpose`) to this application, always to
   * its current address: whoever has only the three facts cannot receive it.
   */
  const codeRoute = (path: string, purpose: CodePurpose) =>
    app.post(path, { config, preHandler: perApplication }, async (request, reply) => {
      const parsed = CodeAsked.safeParse(request.body);
      if (!parsed.success) return badRequest(reply);
      const found = await findApplication(deps.db, parsed.data);
      if (!found) return notFound(reply);
      const sent = await deps.codes.send(
        requesterFor(request, found, purpose),
        languageOf(found.language),
      );
      if (!sent.ok) return codeRefusal(reply, sent);
      return send(reply, 200, { timestamp: sent.value.timestamp, sentTo: maskEmail(found.email) });
    });

  codeRoute('/api/status/withdraw/code', 'withdraw');

  app.post(
    '/api/status/withdraw',
    { config, preHandler: perApplication },
    async (request, reply) => {
      const parsed = Withdraw.safeParse(request.body);
      if (!parsed.success) return badRequest(reply);
      const found = await findApplication(deps.db, parsed.data);
      if (!found) return notFound(reply);
      const confirmed = await deps.codes.confirm(
        requesterFor(request, found, 'withdraw'),
        parsed.data.code,
        parsed.data.timestamp,
      );
      if (!confirmed.ok) return codeRefusal(reply, confirmed);
      const moved = await moveApplication(deps.db, deps.decisions, {
        applicationId: found.id,
        event: 'withdraw',
        actor: 'traveller',
      });
      if (!moved.ok) {
        return send(reply, 409, {
          message: 'This application has already been decided and can no longer be withdrawn.',
          code: 'alreadyDecided',
        });
      }
      return send(reply, 200, { status: moved.to });
    },
  );

  codeRoute('/api/status/correction/code', 'correct');

  app.post(
    '/api/status/correction',
    { config, preHandler: perApplication },
    async (request, reply) => {
      const parsed = Correct.safeParse(request.body);
      if (!parsed.success) return badRequest(reply);
      const fields = Object.keys(parsed.data.changes);
      if (fields.some((f) => (LOCKED_FIELDS as readonly string[]).includes(f))) {
        return send(reply, 400, {
          message: messageText('correctionNotAllowed'),
          code: 'correctionNotAllowed',
        });
      }
      if (fields.length === 0 || !fields.every(isCorrectableField)) return badRequest(reply);
      const found = await findApplication(deps.db, parsed.data);
      if (!found) return notFound(reply);
      const changes = parsed.data.changes as Correction;
      // A new address too is confirmed from the current one (issue 26 item 4).
      const confirmed = await deps.codes.confirm(
        requesterFor(request, found, 'correct'),
        parsed.data.code,
        parsed.data.timestamp,
      );
      if (!confirmed.ok) return codeRefusal(reply, confirmed);
      const outcome = await correctApplication(
        { db: deps.db, reference: deps.reference, ...deps.decisions },
        found.id,
        changes,
      );
      switch (outcome.kind) {
        case 'decided':
          return send(reply, 409, {
            message: 'This application has already been decided and can no longer be changed.',
            code: 'alreadyDecided',
          });
        case 'invalid': {
          const [first] = outcome.issues;
          return send(reply, 400, {
            message: first ? messageText(first.message, first.values) : messageText('badRequest'),
            code: first?.message ?? 'badRequest',
            issues: outcome.issues.map((i) => ({ ...i, text: messageText(i.message, i.values) })),
          });
        }
        case 'corrected':
          return send(reply, 200, { changes: outcome.changes });
      }
    },
  );

  /** The code that proves the new address of a lost-address request: sent to that address. */
  app.post(
    '/api/status/contact-request/code',
    { config, preHandler: perApplication },
    async (request, reply) => {
      const parsed = ContactCodeAsked.safeParse(request.body);
      if (!parsed.success) return badRequest(reply);
      const refusedEmail = newEmailProblem(reply, request.body);
      if (refusedEmail) return refusedEmail;
      const found = await findApplication(deps.db, parsed.data);
      if (!found) return notFound(reply);
      const newEmail = normalizeEmail(parsed.data.newEmail);
      const refusal = contactChangeRefusal(found, newEmail);
      if (refusal) return contactRefusal(reply, refusal);
      const sent = await deps.codes.send(
        { ...requesterFor(request, found, 'contactRequest'), email: newEmail },
        languageOf(found.language),
      );
      if (!sent.ok) return codeRefusal(reply, sent);
      return send(reply, 200, { timestamp: sent.value.timestamp, sentTo: maskEmail(newEmail) });
    },
  );

  app.post(
    '/api/status/contact-request',
    { config, preHandler: perApplication },
    async (request, reply) => {
      const parsed = ContactRequest.safeParse(request.body);
      if (!parsed.success) return badRequest(reply);
      const refusedEmail = newEmailProblem(reply, request.body);
      if (refusedEmail) return refusedEmail;
      const found = await findApplication(deps.db, parsed.data);
      if (!found) return notFound(reply);
      const newEmail = normalizeEmail(parsed.data.newEmail);
      const mrz = [mrzLine(parsed.data.mrz[0]), mrzLine(parsed.data.mrz[1])] as const;
      const ctx = { db: deps.db, reference: deps.reference, ...deps.decisions };
      const refusal =
        contactChangeRefusal(found, newEmail) ??
        (await mrzRefusal(ctx, found, mrz)) ??
        ((await hasOpenRequest(deps.db, found.id)) ? 'requestOpen' : undefined);
      if (refusal) return contactRefusal(reply, refusal);
      const confirmed = await deps.codes.confirm(
        { ...requesterFor(request, found, 'contactRequest'), email: newEmail },
        parsed.data.code,
        parsed.data.timestamp,
      );
      if (!confirmed.ok) return codeRefusal(reply, confirmed);
      const stored = await storeContactRequest(ctx, {
        applicationId: found.id,
        newEmail,
        mrz,
      });
      if (!stored.ok) return contactRefusal(reply, stored.refusal);
      return send(reply, 200, {
        status: 'pending',
        message:
          'Your request was sent. An officer will check it against your passport; both the current and the new address will be told of the decision. Nothing changes until then.',
      });
    },
  );

  codeRoute('/api/status/answer/code', 'answer');

  app.post('/api/status/answer', { config, preHandler: perApplication }, async (request, reply) => {
    const text = AnswerText.safeParse(request.body);
    const problem = text.success ? infoAnswerProblem(text.data.answer) : undefined;
    if (problem) {
      return send(reply, 400, { message: messageText(problem), code: problem, field: 'answer' });
    }
    const parsed = Answer.safeParse(request.body);
    if (!parsed.success) return badRequest(reply);
    const found = await findApplication(deps.db, parsed.data);
    if (!found) return notFound(reply);
    const confirmed = await deps.codes.confirm(
      requesterFor(request, found, 'answer'),
      parsed.data.code,
      parsed.data.timestamp,
    );
    if (!confirmed.ok) return codeRefusal(reply, confirmed);
    const answered = await answerInformationRequest(
      deps.db,
      deps.decisions,
      found.id,
      parsed.data.answer.trim(),
    );
    if (!answered.ok) {
      return send(reply, 409, {
        message: 'No information is being asked for this application just now.',
        code: 'noQuestion',
      });
    }
    return send(reply, 200, { status: answered.to });
  });
};
