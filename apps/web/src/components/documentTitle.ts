// The document title in two parts that different components own: the page's own title (Page)
// and the "Error:" prefix while an error summary is shown (ErrorSummary). Whichever changes, the
// title is composed again, so neither overwrites the other (WCAG 2.4.2; GOV.UK error pattern).
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
export const setTitleErrorPrefix = (prefix: string) => {
  errorPrefix = prefix;
  apply();
};
