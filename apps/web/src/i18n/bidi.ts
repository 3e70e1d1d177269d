// Left-to-right text (numbers, codes, passport characters) inside a sentence that may be
// right-to-left: isolated (LRI … PDI) so digit groups keep their order and '<' is not mirrored.
export const ltr = (text: string) => `\u2066${text}\u2069`;
