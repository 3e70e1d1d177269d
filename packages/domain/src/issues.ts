// What every rule reports: a blocking error or an advisory warning, tied to one field.
import type { MessageId } from './messages.ts';

type Severity = 'error' | 'warning';

export interface Issue {
  /** The form field (SPEC §3 name) the traveller must act on. */
  field: string;
  message: MessageId;
  severity: Severity;
  /** What the message names: `country`, an ISO 3166-1 alpha-2 code ('{{country}}' in its text). */
  values?: { country: string };
}

export const error = (field: string, message: MessageId, values?: Issue['values']): Issue => ({
  field,
  message,
  severity: 'error',
  ...(values && { values }),
});

export const warning = (field: string, message: MessageId): Issue => ({
  field,
  message,
  severity: 'warning',
});

/**
 * The catalogue key of a message in a field's own words (packages/domain/src/field-messages.ts):
 * `required` on `passportNum` is `required_passportNum`. Where there is no such key, the
 * message's general text is shown.
 */
export const fieldMessageKey = (message: MessageId, field: string): string => `${message}_${field}`;

export const errorsOf = (issues: readonly Issue[]): Issue[] =>
  issues.filter((i) => i.severity === 'error');

export const warningsOf = (issues: readonly Issue[]): Issue[] =>
  issues.filter((i) => i.severity === 'warning');
