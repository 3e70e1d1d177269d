// Reason codes the traveller reads (in plain words, from the locale files): why an application
// was refused, and what an officer asks for. Screening hits carry their own codes, which only
// officers read.

/** Why an application was refused: each has a plain-words text and a next step in every language. */
export const REFUSAL_REASONS = [
  'securityConcern',
  'documentReportedLost',
  'previousRefusal',
  'passportValidity',
  'ineligibleNationality',
  'informationNotProvided',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** What an officer may ask a traveller for. */
export const INFO_REQUEST_REASONS = [
  'passportScan',
  'travelPurpose',
  'lawProblemsDetails',
  'previousRefusalDetails',
  'returnTicket',
] as const;
export type InfoRequestReason = (typeof INFO_REQUEST_REASONS)[number];

/** Any reason code: letters, digits, '.', '_' or '-', up to 64 characters. */
export const REASON_CODE_PATTERN = /^[A-Za-z][\w.-]{0,63}$/;

export const isRefusalReason = (code: string): code is RefusalReason =>
  (REFUSAL_REASONS as readonly string[]).includes(code);
export const isInfoRequestReason = (code: string): code is InfoRequestReason =>
  (INFO_REQUEST_REASONS as readonly string[]).includes(code);
