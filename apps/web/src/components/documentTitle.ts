// The document title in two parts that different components own: the page's own title (Page)
// and the "Error:" prefix while an error summary is shown (ErrorSummary). Whichever changes, the
// title is composed again, so neither overwrites the other (WCAG 2.4.2; GOV.UK error pattern).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

let pageTitle = '';
let errorPrefix = '';

const apply = () => {
  document.title = errorPrefix ? `${errorPrefix} ${pageTitle}` : pageTitle;
};

export const setPageTitle = (title: string) => {
  pageTitle = title;
  apply();
};

/** Starts the title with `prefix` ("Error:") while errors are shown; '' removes it. */
const setTitleErrorPrefix = (prefix: string) => {
  errorPrefix = prefix;
  apply();
};

/** While `shown`, the title starts with "Error:" in the reader's language. */
export const useTitleErrorPrefix = (shown: boolean) => {
  const { t } = useTranslation('common');
  const prefix = t('errorPrefix');
  useEffect(() => {
    if (!shown) return;
    setTitleErrorPrefix(prefix);
    return () => setTitleErrorPrefix('');
  }, [shown, prefix]);
};
