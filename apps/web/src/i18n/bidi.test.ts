// @vitest-environment node
// `{{value, ltr}}` isolates a left-to-right value in a right-to-left sentence.
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { addBidiFormats } from './bidi.ts';

describe('the ltr format', () => {
  it('wraps the value in LRI … PDI, and leaves a value without the format alone', async () => {
    const i18n = createInstance();
    await i18n.init({
      lng: 'he',
      resources: {
        he: { t: { sent: 'שלחנו קוד אל {{email, ltr}}.', plain: 'אל {{email}}.' } },
      },
      interpolation: { escapeValue: false },
    });
    addBidiFormats(i18n);
    expect(i18n.t('t:sent', { email: '123@example.com' })).toBe(
      'שלחנו קוד אל \u2066123@example.com\u2069.',
    );
    expect(i18n.t('t:plain', { email: '123@example.com' })).toBe('אל 123@example.com.');
  });
});
