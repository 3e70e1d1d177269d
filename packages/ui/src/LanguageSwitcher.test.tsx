// The language switcher: the app's languages, each named in itself; a choice switches the texts,
// or does what the app says.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi, testI18n } from '../test/render.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'he', name: 'עברית' },
];

describe('LanguageSwitcher', () => {
  it("lists the app's languages, each in its own language, the current one chosen", () => {
    renderUi(<LanguageSwitcher id="language-switcher" languages={LANGUAGES} />);
    const select = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect(select.id).toBe('language-switcher');
    expect([...select.options].map((o) => [o.value, o.textContent, o.lang])).toEqual([
      ['en', 'English', 'en'],
      ['he', 'עברית', 'he'],
    ]);
    expect(select.value).toBe('en');
  });

  it('switches the texts to the language chosen', async () => {
    const user = userEvent.setup();
    const i18n = testI18n();
    renderUi(<LanguageSwitcher id="office-language" languages={LANGUAGES} />, i18n);
    await user.selectOptions(screen.getByRole('combobox'), 'he');
    expect(i18n.language).toBe('he');
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('he');
  });

  it('leaves the switch to the app when it says how', async () => {
    const user = userEvent.setup();
    const i18n = testI18n();
    const choose = vi.fn();
    renderUi(
      <LanguageSwitcher id="language-switcher" languages={LANGUAGES} choose={choose} />,
      i18n,
    );
    await user.selectOptions(screen.getByRole('combobox'), 'he');
    expect(choose).toHaveBeenCalledWith('he');
    expect(i18n.language).toBe('en');
  });
});
