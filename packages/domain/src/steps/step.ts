// What a step of the application is: its form values, their shape, its cross-field rules, and
// how its values go into and come back out of the jsonForm draft.
import type * as z from 'zod/mini';
import type { ApplicationDraft } from '../application.ts';
import type { IsoDate } from '../dates.ts';
import { error, type Issue } from '../issues.ts';
import { isMessageId } from '../messages.ts';
import type { ReferenceData } from '../reference.ts';

export type FormValues = Record<string, string | string[]>;

/** What a rule may know besides the step's own values. */
export interface RuleContext {
  /** The applicant's today (ISO date); the domain never reads the clock. */
  today: IsoDate;
  reference: ReferenceData;
  /** The draft as it stands, for rules that depend on earlier steps. */
  draft: ApplicationDraft;
}

export interface Step<V extends FormValues> {
  id: string;
  /** The form's fields in page order (the error summary's order). */
  fields: readonly (keyof V & string)[];
  blank: () => V;
  /** The shape of each field; may depend on other values (a conditional field). */
  shape: (values: V) => z.ZodMiniType;
  /** Cross-field and reference-data rules; each guards against values the shape rejects. */
  rules: (values: V, ctx: RuleContext) => Issue[];
  toDraft: (values: V, ctx: RuleContext) => ApplicationDraft;
  fromDraft: (draft: ApplicationDraft, reference: ReferenceData) => V;
}

export const defineStep = <V extends FormValues>(step: Step<V>): Step<V> => step;

/** The shape issues of a schema, at most one per field: the first failing check. */
export const shapeIssues = (schema: z.ZodMiniType, values: unknown): Issue[] => {
  const result = schema.safeParse(values);
  if (result.success) return [];
  const seen = new Set<string>();
  const issues: Issue[] = [];
  for (const zodIssue of result.error.issues) {
    const field = String(zodIssue.path[0] ?? '');
    if (seen.has(field)) continue;
    seen.add(field);
    issues.push(error(field, isMessageId(zodIssue.message) ? zodIssue.message : 'required'));
  }
  return issues;
};

/**
 * Every issue of a step's values: shape first, then the rules for fields whose shape is right.
 * Issues come in page order.
 */
export const validateStep = <V extends FormValues>(
  step: Step<V>,
  values: V,
  ctx: RuleContext,
): Issue[] => {
  const shaped = shapeIssues(step.shape(values), values);
  const broken = new Set(shaped.map((i) => i.field));
  const ruled = step.rules(values, ctx).filter((i) => !broken.has(i.field));
  const order = (field: string) => {
    const index = step.fields.indexOf(field as keyof V & string);
    return index === -1 ? step.fields.length : index;
  };
  return [...shaped, ...ruled].sort((a, b) => order(a.field) - order(b.field));
};
