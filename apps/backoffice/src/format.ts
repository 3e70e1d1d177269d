// Dates and durations in the reader's language.
export const dateTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

export const hours = (ms: number) => Math.round(Math.abs(ms) / 3_600_000);
