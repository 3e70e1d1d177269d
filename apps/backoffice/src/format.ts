// Dates and durations in the reader's language: moments through the domain's one formatter
// (docs/decisions/040), in the browser's own time zone, which the text names.
import { formatDateTime } from '@eta-il/domain';

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const dateTime = (iso: string, language: string) =>
  formatDateTime(iso, language, browserTimeZone());

export const hours = (ms: number) => Math.round(Math.abs(ms) / 3_600_000);
