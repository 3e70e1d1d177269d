// POST /api/verify's answer, declared once for the server and the web app.

export interface VerifyAnswer {
  valid: boolean;
  /** Not valid because a supervisor revoked it (only for a matching authorization). */
  revoked?: true;
  /** Valid: the last day of validity (YYYY-MM-DD). */
  validUntil?: string;
  /** Valid, by the QR code's token: the number and the masked passport it is for. */
  applicationNumber?: string;
  passportNumber?: string;
}
