// Reading POST /api/status/review's multipart/form-data body: its text fields become the request's
// body (so that the status routes' per-application limit reads the application number as for every
// other status call) and its files, in the `documents` field only, are kept in memory for the
// route. Every limit of the form answers its own 4xx, never a 500: a file over
// REVIEW_DOCUMENT_BYTES_MAX is 413, more than REVIEW_DOCUMENTS_MAX files 400, a text field over its
// size (a statement of more than REVIEW_STATEMENT_MAX characters) 400 at that field.
import {
  messageText,
  REVIEW_DOCUMENT_BYTES_MAX,
  REVIEW_DOCUMENTS_FIELD,
  REVIEW_DOCUMENTS_MAX,
  REVIEW_STATEMENT_MAX,
  type ReviewDocumentProblem,
} from '@eta-il/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendRefusal } from '../../http.ts';

/** Text fields a review form has: the three facts, the code, its timestamp and the statement. */
const FIELDS_MAX = 6;
/** A text field's bytes: a whole statement in any script (UTF-8, up to 4 bytes a character). */
const FIELD_BYTES_MAX = REVIEW_STATEMENT_MAX * 4 + 1024;
/** The body: every document at its largest, and the fields. */
export const REVIEW_BODY_MAX =
  REVIEW_DOCUMENTS_MAX * REVIEW_DOCUMENT_BYTES_MAX + FIELDS_MAX * FIELD_BYTES_MAX + 64 * 1024;

const uploads = new WeakMap<FastifyRequest, Buffer[]>();
/** The files of a review form read by `readReviewForm`, in the order they were sent. */
export const reviewUploads = (request: FastifyRequest): Buffer[] => uploads.get(request) ?? [];

const documentRefusal = (reply: FastifyReply, status: number, problem: ReviewDocumentProblem) =>
  sendRefusal(reply, status, { message: messageText(problem), code: problem, field: 'documents' });

/** What a multipart error means for the traveller (a limit, or a malformed body). */
const formError = (reply: FastifyReply, error: unknown) => {
  const { code } = (error ?? {}) as { code?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return documentRefusal(reply, 413, 'reviewDocumentTooLarge');
  if (code === 'FST_FILES_LIMIT') return documentRefusal(reply, 400, 'reviewTooManyDocuments');
  return sendRefusal(reply, 400, { message: messageText('badRequest'), code: 'badRequest' });
};

/** A preValidation hook: reads the form, or answers why it cannot be read. */
export const readReviewForm = async (request: FastifyRequest, reply: FastifyReply) => {
  if (!request.isMultipart()) {
    return sendRefusal(reply, 415, {
      message: 'Send the review request as multipart/form-data.',
      code: 'badRequest',
    });
  }
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: REVIEW_DOCUMENT_BYTES_MAX,
        files: REVIEW_DOCUMENTS_MAX,
        fields: FIELDS_MAX,
        fieldSize: FIELD_BYTES_MAX,
        // Room for one file too many, so that it is told apart as such.
        parts: FIELDS_MAX + REVIEW_DOCUMENTS_MAX + 2,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        // Read whole even when refused, so that the body is consumed and its limits still count.
        const bytes = await part.toBuffer();
        if (part.fieldname !== REVIEW_DOCUMENTS_FIELD) {
          return sendRefusal(reply, 400, {
            message: messageText('badRequest'),
            code: 'badRequest',
          });
        }
        if (bytes.length > 0) files.push(bytes);
      } else {
        if (part.valueTruncated && part.fieldname === 'statement') {
          return sendRefusal(reply, 400, {
            message: messageText('tooLong'),
            code: 'tooLong',
            field: 'statement',
          });
        }
        if (part.valueTruncated || typeof part.value !== 'string' || part.fieldname in fields) {
          return sendRefusal(reply, 400, {
            message: messageText('badRequest'),
            code: 'badRequest',
          });
        }
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    return formError(reply, error);
  }
  request.body = fields;
  uploads.set(request, files);
};
