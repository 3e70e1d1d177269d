import { EmailSchema, requiredText } from '../fields.ts';
import { error } from '../issues.ts';
import { objectOf } from '../schema-cache.ts';
import { defineStep } from './step.ts';

export interface EmailValues extends Record<string, string> {
  EmailAddress: string;
  ConfirmEmail: string;
}

/** Addresses are compared and stored without case: mail systems treat them so. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const emailStep = defineStep<EmailValues>({
  id: 'email',
  fields: ['EmailAddress', 'ConfirmEmail'],
  blank: () => ({ EmailAddress: '', ConfirmEmail: '' }),
  shape: () => objectOf({ EmailAddress: EmailSchema(), ConfirmEmail: requiredText() }),
  rules: (values) =>
    normalizeEmail(values.ConfirmEmail) === normalizeEmail(values.EmailAddress)
      ? []
      : [error('ConfirmEmail', 'emailMismatch')],
  toDraft: (values, { draft }) => ({
    ...draft,
    reqMainEmailAddress: normalizeEmail(values.EmailAddress),
  }),
  fromDraft: (draft) => ({
    EmailAddress: draft.reqMainEmailAddress,
    ConfirmEmail: draft.reqMainEmailAddress,
  }),
});
