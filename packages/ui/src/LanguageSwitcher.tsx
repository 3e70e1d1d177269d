// The language switcher in the header of every page of both apps. Each app gives its languages
// and what a choice does (the web app waits until the screen is hydrated, and remembers the choice
// for the session; the back office, in the browser); switching keeps every value typed.
import { useUiTexts } from './texts.ts';

export const LanguageSwitcher = ({
  id,
  languages,
  choose,
}: {
  /** The select's id (its label's `for`). */
  id: string;
  languages: readonly { code: string; name: string }[];
  /** What choosing `language` does; by default, i18next switches to it. */
  choose?: (language: string) => void;
}) => {
  const { text, i18n } = useUiTexts();
  return (
    <div className="language-switcher">
      <label htmlFor={id} className="language-switcher__label">
        {text('language')}
      </label>
      <select
        id={id}
        className="select select--compact"
        value={i18n.language}
        onChange={(event) => {
          const language = event.target.value;
          if (choose) choose(language);
          else void i18n.changeLanguage(language);
        }}
      >
        {languages.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
};
