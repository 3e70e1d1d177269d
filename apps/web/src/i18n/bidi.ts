// Left-to-right text (numbers, codes, passport characters) inside a sentence that may be
// right-to-left: isolated (LRI … PDI) so digit groups keep their order and '<' is not mirrored.
import { PHONE_HINT_EXAMPLE } from '@eta-il/domain';

export const ltr = (text: string) => `\u2066${text}\u2069`;

/** Values for the phone hints' {{example}} placeholder. */
export const PHONE_EXAMPLE = { example: ltr(PHONE_HINT_EXAMPLE) };
