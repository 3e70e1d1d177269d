// A moment on screen (a state's change, a saved draft's expiry): the domain's one formatter, in
// the page's language and the reader's own time zone, which it names.
import { formatDateTime } from '@eta-il/domain';

/** The browser's IANA time zone. */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const formatMoment = (at: Date | string | number, language: string) =>
  formatDateTime(at, language, localTimeZone());
