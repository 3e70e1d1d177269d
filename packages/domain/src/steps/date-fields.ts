// Day/month/year box triples (SPEC §5 "Generic"), shared by the travel and passport steps.

import { DATE_YEAR, type Range } from '../constants.ts';
import { type DateFields, type IsoDate, isoFromParts, partsFromIso } from '../dates.ts';
import { DaySchema, MonthSchema, YearSchema } from '../fields.ts';
import { objectOf } from '../schema-cache.ts';
import { shapeIssues } from './step.ts';

const boxesSchema = (years: Range) =>
  objectOf({ day: DaySchema(), month: MonthSchema(), year: YearSchema(years.min, years.max) });

export const dateShape = (f: DateFields, years: Range = DATE_YEAR) => ({
  [f.day]: DaySchema(),
  [f.month]: MonthSchema(),
  [f.year]: YearSchema(years.min, years.max),
});

export type DateReading = { kind: 'date'; iso: IsoDate } | { kind: 'unreal' } | { kind: 'boxes' };

/**
 * Reads a date's boxes: a real date, a well-formed but unreal one (31/02), or boxes that fail their
 * own shape (already reported on the box, so date rules stay silent).
 */
export const readDate = (
  values: Record<string, unknown>,
  f: DateFields,
  years: Range = DATE_YEAR,
): DateReading => {
  const boxes = { day: values[f.day], month: values[f.month], year: values[f.year] };
  if (shapeIssues(boxesSchema(years), boxes).length > 0) return { kind: 'boxes' };
  const iso = isoFromParts(String(boxes.day), String(boxes.month), String(boxes.year));
  return iso ? { kind: 'date', iso } : { kind: 'unreal' };
};

export const dateValues = (f: DateFields, iso: IsoDate | undefined | null) => {
  const { day, month, year } = partsFromIso(iso);
  return { [f.day]: day, [f.month]: month, [f.year]: year };
};
