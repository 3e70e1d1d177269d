// Left-to-right text (numbers, codes, passport characters) inside a sentence that may be
// right-to-left: isolated (LRI … PDI) so digit groups keep their order and '<' is not mirrored.
import type { i18n } from 'i18next';

export const ltr = (text: string) => `\u2066${text}\u2069`;

/**
 * `{{value, ltr}}` in a text isolates the value as `ltr` does: the right-to-left languages write
 * an e-mail address so (an address such as 123@example.com would otherwise be reordered).
 */
export const addBidiFormats = (i18n: i18n) => {
  i18n.services.formatter?.add('ltr', (value: unknown) => ltr(String(value)));
};
