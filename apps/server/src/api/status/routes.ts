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
// leaves a request in the officers' queue (./contact-request.ts). POST /api/status/review/code and
// POST /api/status/review (multipart/form-data): a refused traveller asks for a review with a
// statement and up to three documents (issue 30; ./review.ts). POST /api/status/reminders/code and
// POST /api/status/reminders/withdraw: the traveller withdraws the consent to reminders before the
// authorization ends (issue 31; ./reminders.ts). Limited per IP (route config),
// per source and application number, and per application number from all sources far higher
// (preHandler).
import {
  AnswerRequestSchema,
  AnswerTextSchema,
  type CodePurpose,
  ContactCodeRequestSchema,
  type ContactRequested,
  ContactRequestSchema,
  type Corrected,
  type Correction,
  CorrectionRequestSchema,
  infoAnswerProblem,
  isCorrectableField,
  LOCKED_FIELDS,
  messageText,
  NewEmailSchema,
  NewPassportRequestSchema,
  normalizeEmail,
  REVIEW_REQUEST_REFUSAL_MESSAGES,
  type RemindersWithdrawn,
  RemindersWithdrawRequestSchema,
  type ReviewRequestRefusal,
  ReviewRequestSchema,
  reviewStatementProblem,
  type StatusAnswer,
  type StatusChanged,
  StatusCodeRequestSchema,
  StatusIdentitySchema,
  stateAfter,
  WithdrawRequestSchema,
} from '@eta-il/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type * as z from 'zod/mini';
import type { TokenService } from '../../auth/tokens.ts';
import type { Db } from '../../db/database.ts';
import { answerInformationRequest } from '../../decisions/answer-info-request.ts';
import type { LinkService } from '../../decisions/links.ts';
import { type FoundApplication, findApplication } from '../../decisions/lookup.ts';
import { type DecisionDeps, moveApplication } from '../../decisions/move-application.ts';
import { send, sendRefusal } from '../../http.ts';
import { mailLanguage } from '../../mail/templates.ts';
import type { EmailCodeService } from '../email-code/service.ts';
import type { ReferenceCache } from '../reference-data/cache.ts';
import { statusAnswer } from './answer.ts';
import { badRequest, lookupChecks, notFound, type StatusLimits } from './checks.ts';
import { codeChecks } from './code-check.ts';
import {
  CONTACT_REQUEST_REFUSALS,
  type ContactRequestRefusal,
  contactChangeRefusal,
  hasOpenRequest,
  mrzRefusal,
  storeContactRequest,
} from './contact-request.ts';
import { correctApplication } from './correction.ts';
import {
  newPassportOf,
  newPassportRefusal,
  openNewPassport,
  passportProblemRefusal,
} from './new-passport.ts';
import { remindersConsented, withdrawReminderConsent } from './reminders.ts';
import { requestReview, reviewStanding } from './review.ts';
import { type ReviewDocument, reencodeDocument } from './review-documents.ts';
import { REVIEW_BODY_MAX, readReviewForm, reviewUploads } from './review-form.ts';

/** MRZ lines as stored: capitals, no spaces. */
const mrzLine = (line: string) => line.replace(/\s+/g, '').toUpperCase();

export interface StatusRouteDeps {
  db: Db;
  reference: ReferenceCache;
  links: LinkService;
  codes: EmailCodeService;
  decisions: DecisionDeps;
  limits?: Partial<StatusLimits>;
  /** The session a new passport's application is submitted in (issue 31). */
  tokens: TokenService;
}

/** A review that may not be asked now (409), saying what else can be done. */
const reviewRefusal = (reply: FastifyReply, refusal: ReviewRequestRefusal) =>
  sendRefusal(reply, 409, {
    message: messageText(REVIEW_REQUEST_REFUSAL_MESSAGES[refusal]),
    code: REVIEW_REQUEST_REFUSAL_MESSAGES[refusal],
  });

const contactRefusal = (reply: FastifyReply, refusal: ContactRequestRefusal) =>
  sendRefusal(reply, CONTACT_REQUEST_REFUSALS[refusal].status, {
    message: CONTACT_REQUEST_REFUSALS[refusal].message,
    code: refusal,
    ...(refusal.startsWith('mrz') ? { field: 'mrz' } : {}),
    ...(refusal === 'sameAddress' ? { field: 'newEmail' } : {}),
  });

/** The new address's own refusal: not an address (400 emailInvalid, at the field). */
const newEmailProblem = (reply: FastifyReply, body: unknown) => {
  if (NewEmailSchema.safeParse(body).success) return undefined;
  return sendRefusal(reply, 400, {
    message: messageText('emailInvalid'),
    code: 'emailInvalid',
    field: 'newEmail',
  });
};

export const statusRoutes = (app: FastifyInstance, deps: StatusRouteDeps) => {
  const { config, perApplication } = lookupChecks(app, 'status', deps.limits);
  const language = (request: FastifyRequest) =>
    mailLanguage(request.headers['accept-language']?.toString());
  const codes = codeChecks(deps.codes);
  /** Every status route has the same limits: per IP, and per application number. */
  const post = (path: string, handler: RouteHandlerMethod) =>
    app.post(path, { config, preHandler: perApplication }, handler);

  post('/api/status', async (request, reply) => {
    const parsed = StatusIdentitySchema.safeParse(request.body);
    if (!parsed.success) return badRequest(reply);
    const found = await findApplication(deps.db, parsed.data);
    if (!found) return notFound(reply);
    const answer = await statusAnswer(
      deps.db,
      deps.links,
      found,
      language(request),
      deps.decisions,
    );
    return send<StatusAnswer>(reply, 200, answer);
  });

  /**
   * E-mails a code that confirms one kind of change (`purpose`) to this application, always to
   * its current address: whoever has only the three facts cannot receive it.
   */
  const codeRoute = (path: string, purpose: CodePurpose) =>
    post(path, async (request, reply) => {
      const parsed = StatusCodeRequestSchema.safeParse(request.body);
      if (!parsed.success) return badRequest(reply);
      const found = await findApplication(deps.db, parsed.data);
      if (!found) return notFound(reply);
      return codes.send(reply, { found, purpose });
    });

  codeRoute('/api/status/withdraw/code', 'withdraw');

  post('/api/status/withdraw', async (request, reply) => {
    const parsed = WithdrawRequestSchema.safeParse(request.body);
    if (!parsed.success) return badRequest(reply);
    const found = await findApplication(deps.db, parsed.data);
    if (!found) return notFound(reply);
    return codes.confirmThen(reply, { found, purpose: 'withdraw' }, parsed.data, async () => {
      const moved = await moveApplication(deps.db, deps.decisions, {
        applicationId: found.id,
        event: 'withdraw',
        actor: 'traveller',
      });
      if (!moved.ok) {
        return sendRefusal(reply, 409, {
          message: 'This application has already been decided and can no longer be withdrawn.',
          code: 'alreadyDecided',
        });
      }
      return send<StatusChanged>(reply, 200, { status: moved.to });
    });
  });

  /** No consent to withdraw (409): no code is sent, and a code sent before is not used. */
  const remindersOff = (reply: FastifyReply) =>
    sendRefusal(reply, 409, {
      message: 'No reminders are set for this application.',
      code: 'remindersOff',
    });

  post('/api/status/reminders/code', async (request, reply) => {
    const parsed = StatusCodeRequestSchema.safeParse(request.body);
    if (!parsed.success) return badRequest(reply);
    const found = await findApplication(deps.db, parsed.data);
    if (!found) return notFound(reply);
    if (!(await remindersConsented(deps.db, found.id))) return remindersOff(reply);
    return codes.send(reply, { found, purpose: 'reminders' });
  });

  post('/api/status/reminders/withdraw', async (request, reply) => {
    const parsed = RemindersWithdrawRequestSchema.safeParse(request.body);
    if (!parsed.success) return badRequest(reply);
    const found = await findApplication(deps.db, parsed.data);
    if (!found) return notFound(reply);
    if (!(await remindersConsented(deps.db, found.id))) return remindersOff(reply);
    return codes.confirmThen(reply, { found, purpose: 'reminders' }, parsed.data, async () => {
      await withdrawReminderConsent(deps.db, found);
      return send<RemindersWithdrawn>(reply, 200, { reminders: false });
    });
  });

  // A new passport (issue 31 item 4): only for an authorization that holds.
  post('/api/status/new-passport/code', async (request, reply) => {
    const parsed = StatusCodeRequestSchema.safeParse(request.body);
    if (!parsed.success) return badRequest(reply);
    const found = await findApplication(deps.db, parsed.data);
    if (!found) return notFound(reply);
    return newPassportRefusal(reply, found) ?? codes.send(reply, { found, purpose: 'newPassport' });
  });

  post('/api/status/new-passport', async (request, reply) => {
    const parsed = NewPassportRequestSchema.safeParse(request.body);
    if (!parsed.success) return badRequest(reply);
    const found = await findApplication(deps.db, parsed.data);
    if (!found) return notFound(reply);
    const refused = newPassportRefusal(reply, found);
    if (refused) return refused;
    // The passport is judged before the code is used: a mistyped date does not cost the code.
    const passport = await newPassportOf(deps, parsed.data.newPassport);
    if (!passport.ok) return passportProblemRefusal(reply, passport);
    return codes.confirmThen(reply, { found, purpose: 'newPassport' }, parsed.data, () =>
      openNewPassport(reply, deps, found, passport.value),
    );
  });

  codeRoute('/api/status/correction/code', 'correct');

  post('/api/status/correction', async (request, reply) => {
    const parsed = CorrectionRequestSchema.safeParse(request.body);
    if (!parsed.success) return badRequest(reply);
    const fields = Object.keys(parsed.data.changes);
    if (fields.some((f) => (LOCKED_FIELDS as readonly string[]).includes(f))) {
      return sendRefusal(reply, 400, {
        message: messageText('correctionNotAllowed'),
        code: 'correctionNotAllowed',
      });
    }
    if (fields.length === 0 || !fields.every(isCorrectableField)) return badRequest(reply);
    const found = await findApplication(deps.db, parsed.data);
    if (!found) return notFound(reply);
    const changes = parsed.data.changes as Correction;
    // A new address too is confirmed from the current one (issue 26 item 4).
    return codes.confirmThen(reply, { found, purpose: 'correct' }, parsed.data, async () => {
      const outcome = await correctApplication(
        { db: deps.db, reference: deps.reference, ...deps.decisions },
        found.id,
        changes,
      );
      switch (outcome.kind) {
        case 'decided':
          return sendRefusal(reply, 409, {
            message: 'This application has already been decided and can no longer be changed.',
            code: 'alreadyDecided',
          });
        case 'invalid': {
          const [first] = outcome.issues;
          return sendRefusal(reply, 400, {
            message: first ? messageText(first.message, first.values) : messageText('badRequest'),
            code: first?.message ?? 'badRequest',
            issues: outcome.issues.map((i) => ({ ...i, text: messageText(i.message, i.values) })),
          });
        }
        case 'corrected':
          return send<Corrected>(reply, 200, { changes: outcome.changes });
      }
    });
  });

  /**
   * The two steps of a lost-address request: the body judged (400), its new address judged apart
   * (400 at the field), the application found (404); `handle` gets the new address as stored.
   */
  const lostAddressRoute = <B extends z.infer<typeof ContactCodeRequestSchema>>(
    path: string,
    schema: z.ZodMiniType<B>,
    handle: (
      reply: FastifyReply,
      found: FoundApplication,
      newEmail: string,
      body: B,
    ) => FastifyReply | Promise<FastifyReply>,
  ) =>
    post(path, async (request, reply) => {
      const parsed = schema.safeParse(request.body);
      if (!parsed.success) return badRequest(reply);
      const refusedEmail = newEmailProblem(reply, request.body);
      if (refusedEmail) return refusedEmail;
      const found = await findApplication(deps.db, parsed.data);
      if (!found) return notFound(reply);
      return handle(reply, found, normalizeEmail(parsed.data.newEmail), parsed.data);
    });

  /** The code that proves the new address of a lost-address request: sent to that address. */
  lostAddressRoute(
    '/api/status/contact-request/code',
    ContactCodeRequestSchema,
    (reply, found, newEmail) => {
      const refusal = contactChangeRefusal(found, newEmail);
      if (refusal) return contactRefusal(reply, refusal);
      return codes.send(reply, { found, purpose: 'contactRequest', email: newEmail });
    },
  );

  lostAddressRoute(
    '/api/status/contact-request',
    ContactRequestSchema,
    async (reply, found, newEmail, body) => {
      const mrz = [mrzLine(body.mrz[0]), mrzLine(body.mrz[1])] as const;
      const ctx = { db: deps.db, reference: deps.reference, ...deps.decisions };
      const refusal =
        contactChangeRefusal(found, newEmail) ??
        (await mrzRefusal(ctx, found, mrz)) ??
        ((await hasOpenRequest(deps.db, found.id)) ? 'requestOpen' : undefined);
      if (refusal) return contactRefusal(reply, refusal);
      const codeFor = { found, purpose: 'contactRequest', email: newEmail } as const;
      return codes.confirmThen(reply, codeFor, body, async () => {
        const stored = await storeContactRequest(ctx, { applicationId: found.id, newEmail, mrz });
        if (!stored.ok) return contactRefusal(reply, stored.refusal);
        return send<ContactRequested>(reply, 200, {
          status: 'pending',
          message:
            'Your request was sent. An officer will check it against your passport; both the current and the new address will be told of the decision. Nothing changes until then.',
        });
      });
    },
  );

  codeRoute('/api/status/answer/code', 'answer');

  post('/api/status/answer', async (request, reply) => {
    const text = AnswerTextSchema.safeParse(request.body);
    const problem = text.success ? infoAnswerProblem(text.data.answer) : undefined;
    if (problem) {
      return sendRefusal(reply, 400, {
        message: messageText(problem),
        code: problem,
        field: 'answer',
      });
    }
    const parsed = AnswerRequestSchema.safeParse(request.body);
    if (!parsed.success) return badRequest(reply);
    const found = await findApplication(deps.db, parsed.data);
    if (!found) return notFound(reply);
    return codes.confirmThen(reply, { found, purpose: 'answer' }, parsed.data, async () => {
      const answered = await answerInformationRequest(
        deps.db,
        deps.decisions,
        found.id,
        parsed.data.answer.trim(),
      );
      if (!answered.ok) {
        return sendRefusal(reply, 409, {
          message: 'No information is being asked for this application just now.',
          code: 'noQuestion',
        });
      }
      return send<StatusChanged>(reply, 200, { status: answered.to });
    });
  });

  // A review of a refusal: the code is not sent when a review may not be asked (409).
  post('/api/status/review/code', async (request, reply) => {
    const parsed = StatusCodeRequestSchema.safeParse(request.body);
    if (!parsed.success) return badRequest(reply);
    const found = await findApplication(deps.db, parsed.data);
    if (!found) return notFound(reply);
    const { refusal } = await reviewStanding(deps.db, deps.decisions, found);
    if (refusal) return reviewRefusal(reply, refusal);
    return codes.send(reply, { found, purpose: 'review' });
  });

  app.post(
    '/api/status/review',
    {
      config,
      bodyLimit: REVIEW_BODY_MAX,
      preValidation: readReviewForm,
      preHandler: perApplication,
    },
    async (request, reply) => {
      const body = request.body as Record<string, string>;
      const problem = reviewStatementProblem(body.statement ?? '');
      if (problem) {
        return sendRefusal(reply, 400, {
          message: messageText(problem),
          code: problem,
          field: 'statement',
        });
      }
      const parsed = ReviewRequestSchema.safeParse(body);
      if (!parsed.success) return badRequest(reply);
      const found = await findApplication(deps.db, parsed.data);
      if (!found) return notFound(reply);
      const { refusal } = await reviewStanding(deps.db, deps.decisions, found);
      if (refusal) return reviewRefusal(reply, refusal);
      // Every document is judged before the code is used: a refused file does not cost the code.
      const documents: ReviewDocument[] = [];
      for (const bytes of reviewUploads(request)) {
        const judged = await reencodeDocument(bytes);
        if (!judged.ok) {
          return sendRefusal(reply, judged.problem === 'reviewDocumentType' ? 415 : 400, {
            message: messageText(judged.problem),
            code: judged.problem,
            field: 'documents',
          });
        }
        documents.push(judged.document);
      }
      return codes.confirmThen(reply, { found, purpose: 'review' }, parsed.data, async () => {
        const asked = await requestReview(deps.db, deps.decisions, {
          applicationId: found.id,
          statement: parsed.data.statement.trim(),
          documents,
        });
        if (!asked.ok) return reviewRefusal(reply, asked.refusal);
        return send<StatusChanged>(reply, 200, { status: stateAfter('requestReview') });
      });
    },
  );
};
