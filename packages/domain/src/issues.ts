// What every rule reports: a blocking error or an advisory warning, tied to one field.
import type { MessageId } from './messages.ts';

export type Severity = 'error' | 'warning';

export interface Issue {
  /** The form field (SPEC §3 name) the traveller must act on. */
  field: string;
  message: MessageId;
  severity: Severity;
}

export const error = (field: string, message: MessageId): Issue => ({
  field,
  message,
  severity: 'error',
});

export const warning = (field: string, message: MessageId): Issue => ({
  field,
  message,
  severity: 'warning',
});

export const errorsOf = (issues: readonly Issue[]): Issue[] =>
  issues.filter((i) => i.severity === 'error');

export const warningsOf = (issues: readonly Issue[]): Issue[] =>
  issues.filter((i) => i.severity === 'warning');

export const hasErrors = (issues: readonly Issue[]): boolean =>
  issues.some((i) => i.severity === 'error');
