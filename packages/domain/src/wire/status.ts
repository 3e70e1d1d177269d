// POST /api/status's answer, declared once for the server and the web app.
import type { ApplicationState } from '../lifecycle/states.ts';
import type { StatusPayment } from './payment.ts';

export interface StatusAnswer {
  status: ApplicationState;
  /** ISO time of the last change of state. */
  updatedAt: string;
  /** Approved: the last day of validity (YYYY-MM-DD). */
  validUntil?: string;
  /** Refused or information requested: the reasons in the traveller's language. */
  reasons?: { code: string; text: string }[];
  /** Approved: the signed link to the authorization document. */
  documentUrl?: string;
  /** While information is requested: the officer's question, for the traveller to answer. */
  question?: string;
  /** When the application has a fee: its amount, and when it was paid (absent while due). */
  payment?: StatusPayment;
}
