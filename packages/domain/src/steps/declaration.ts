// Review's declaration and the terms gate (SPEC §4 "Terms gate", "Review").
import * as z from 'zod/mini';
import { defineStep } from './step.ts';

export interface DeclarationValues extends Record<string, string> {
  reqDisclaimer: string;
  reqDeclaration: string;
}

const DeclarationSchema = z.object({
  reqDisclaimer: z.literal('1', { error: 'termsRequired' }),
  reqDeclaration: z.literal('1', { error: 'declarationRequired' }),
});

export const declarationStep = defineStep<DeclarationValues>({
  id: 'declaration',
  fields: ['reqDisclaimer', 'reqDeclaration'],
  blank: () => ({ reqDisclaimer: '0', reqDeclaration: '0' }),
  shape: () => DeclarationSchema,
  rules: () => [],
  toDraft: (v, { draft }) => ({
    ...draft,
    reqDisclaimer: v.reqDisclaimer === '1' ? 1 : 0,
    reqDeclaration: v.reqDeclaration === '1' ? 1 : 0,
  }),
  fromDraft: (draft) => ({
    reqDisclaimer: String(draft.reqDisclaimer),
    reqDeclaration: String(draft.reqDeclaration),
  }),
});
