// A refusal of the public API (docs/api.md, "The envelope"), declared once for the server, which
// sends it, and the web app, which reads it. Every answer carries `statusCode` (the HTTP status);
// a refusal adds its English `message` and usually its `code` (a message id of messages.ts, or a
// call's own code such as `statusNotFound`). Some calls also JSON-encode the refusal in `body`
// (SPEC §7): the code calls their `{message, code, triesLeft}`, a refused submission a
// `RecordRefusal`.
import type { SubmissionIssue } from '../submission.ts';

/** An issue of a refused record (a submission, a correction): the rule's issue and its text. */
export interface RefusalIssue extends SubmissionIssue {
  /** The message's English text. */
  text: string;
}

/** What a refusal says: as the envelope's fields, or JSON-encoded in its `body`. */
export interface Refusal {
  message: string;
  code?: string;
  /** A wrong code: how many tries the code has left. */
  triesLeft?: number;
  /** The field the refusal names (`answer`, `newEmail`, `mrz`). */
  field?: string;
  /** A refused correction: every issue of the corrected record. */
  issues?: RefusalIssue[];
}

/** A refusal as it is sent: beside `statusCode`, and JSON-encoded again in `body` by some calls. */
export interface RefusalAnswer extends Refusal {
  statusCode: number;
  body?: string;
}

/**
 * What a refused submission (400) JSON-encodes in its `body`: the first issue's text (the
 * envelope's `message` too) and every issue (SPEC §3 "Submission response").
 */
export interface RecordRefusal {
  error: string;
  issues: RefusalIssue[];
}
