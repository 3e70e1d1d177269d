// The language switcher on every page; the choice is remembered for the session. Switching keeps
// every value typed: form values live in react-hook-form and the draft, not in the texts.
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n/languages.ts';
import { afterScreenHydrated } from '../session/hydration.ts';

export const LanguageSwitcher = () => {
  const { t, i18n } = useTranslation('common');
  return (
    <div className="language-switcher">
      <label htmlFor="language-switcher" className="language-switcher__label">
        {t('language')}
      </label>
      <select
        id="language-switcher"
        className="select select--compact"
        value={i18n.language}
        onChange={(event) => {
          const language = event.target.value;
          void afterScreenHydrated().then(() => i18n.changeLanguage(language));
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
};
