// Moving focus to a field by its name (an error summary's links, a refused code) or to the error
// summary itself (a failed Next). No form library: pages without a form hook (the web app's status
// and verification pages, the back office's screens) do it too.

/** The DOM id of a field: its name (a radio group's first option, a date's day box). */
export const fieldId = (name: string) => name;

export const focusField = (name: string) => {
  const element =
    document.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]:checked`) ??
    document.getElementById(fieldId(name)) ??
    document.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
  element?.scrollIntoView({ block: 'center' });
  element?.focus();
};

export const ERROR_SUMMARY_ID = 'error-summary';

/** After a failed submit: the summary comes into view and takes focus, and is read out. */
export const focusErrorSummary = () => {
  const summary = document.getElementById(ERROR_SUMMARY_ID);
  summary?.scrollIntoView({ block: 'start' });
  summary?.focus({ preventScroll: true });
};
