// Calendar dates as ISO strings (YYYY-MM-DD). "Today" is always passed in: the domain never
// reads the clock. ISO dates compare correctly as strings.
import { addDays, addYears, differenceInYears, isValid } from 'date-fns';

/** The names of a date's three boxes (SPEC §5 "Generic"); steps/date-fields.ts has their rules. */
export interface DateFields {
  day: string;
  month: string;
  year: string;
}

/** The field names of a date whose boxes are day<Name>, month<Name>, year<Name>. */
export const dateFields = (name: string): DateFields => ({
  day: `day${name}`,
  month: `month${name}`,
  year: `year${name}`,
});

export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const toLocalDate = (iso: IsoDate): Date | undefined => {
  const m = ISO_DATE.exec(iso);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(year, month - 1, day);
  // Only a real calendar date survives the round trip (31/02 rolls over to March).
  date.setFullYear(year);
  const real =
    isValid(date) &&
    date.getFullYear() === year &&
    date.getMonth() === month - 1 &&
    date.getDate() === day;
  return real ? date : undefined;
};

// Zero-padding by hand: date-fns' format would put its whole formatter (5 KB) on every page
// that checks a date.
const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** The ISO date of a Date's local calendar day. */
export const isoDateOf = (date: Date): IsoDate =>
  `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
const toIso = isoDateOf;

/** The ISO date of day/month/year boxes, or undefined if they do not make a real date. */
export const isoFromParts = (day: string, month: string, year: string): IsoDate | undefined => {
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) {
    return undefined;
  }
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return toLocalDate(iso) ? iso : undefined;
};

/**
 * Day/month/year boxes of an ISO date, for filling a form back from the draft. Only an exact
 * YYYY-MM-DD has boxes: anything after the date (a time, junk) leaves them empty, so the date's
 * rules refuse it rather than store what follows.
 */
export const partsFromIso = (
  iso: IsoDate | undefined | null,
): { day: string; month: string; year: string } => {
  const m = iso ? ISO_DATE.exec(iso) : null;
  return m ? { day: m[3]!, month: m[2]!, year: m[1]! } : { day: '', month: '', year: '' };
};

export const isIsoDate = (value: string): boolean => toLocalDate(value) !== undefined;

export const addYearsIso = (iso: IsoDate, years: number): IsoDate => {
  const date = toLocalDate(iso);
  if (!date) throw new RangeError(`Not an ISO date: ${iso}`);
  return toIso(addYears(date, years));
};

export const addDaysIso = (iso: IsoDate, days: number): IsoDate => {
  const date = toLocalDate(iso);
  if (!date) throw new RangeError(`Not an ISO date: ${iso}`);
  return toIso(addDays(date, days));
};

/** Whole years from birth to the given day. */
export const ageOn = (birth: IsoDate, today: IsoDate): number => {
  const b = toLocalDate(birth);
  const t = toLocalDate(today);
  if (!b || !t) throw new RangeError('Not an ISO date');
  return differenceInYears(t, b);
};

export const yearOf = (iso: IsoDate): number => Number(iso.slice(0, 4));

export const earlierOf = (a: IsoDate, b: IsoDate): IsoDate => (a < b ? a : b);

/** Today's ISO date in the given IANA time zone, for callers that own a clock. */
/** One formatter per time zone: building an Intl.DateTimeFormat costs about a millisecond. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormatIn = (timeZone: string) => {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
};

export const todayIn = (now: Date, timeZone: string): IsoDate =>
  dayFormatIn(timeZone).format(now).slice(0, 10);

/**
 * The ISO date of a form's day/month/year boxes, or why there is none: 'required' when all three
 * are empty, 'dateInvalid' when they do not make a real date. For forms that send the date as one
 * ISO value (the status look-up, a correction): without zod, so a first page stays light.
 */
export const isoOfBoxes = (
  values: Readonly<Record<string, string | undefined>>,
  f: DateFields,
): { iso: IsoDate } | { problem: 'required' | 'dateInvalid' } => {
  const [day, month, year] = [f.day, f.month, f.year].map((name) => (values[name] ?? '').trim());
  if (!day && !month && !year) return { problem: 'required' };
  const iso = isoFromParts(day ?? '', month ?? '', year ?? '');
  return iso ? { iso } : { problem: 'dateInvalid' };
};
