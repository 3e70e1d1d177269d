// The composite dropdown values of SPEC §3, built from reference records. Rules only trust the
// leading id of such a value and look the record up again.
import type { IdDescription } from './application.ts';
import type {
  CodedItem,
  Country,
  EntryReason,
  Gender,
  LengthOfStay,
  PassportType,
} from './reference.ts';

/** The leading id of a composite dropdown value ('12:Tourism:Y' → 12). */
export const choiceId = (value: string | undefined): number | undefined => {
  const m = value ? /^(\d+)/.exec(value) : null;
  return m ? Number(m[1]) : undefined;
};

export const entryReasonValue = (r: EntryReason) =>
  `${r.Code}:${r.Description}:${r.Valid_for_ETAIL}`;
export const lengthOfStayValue = (s: LengthOfStay) => `${s.Code}:${s.Description}`;
export const passportTypeValue = (t: PassportType) =>
  `${t.docTypeId}:${t.Valid_for_ETAIL}:${t.Passport_type_for_visa}:${t.docTypeDesc}`;
export const countryValue = (c: Country) =>
  `${c.EXT_COUNTRY_ID}:${c.Official_country_name}:${c.Enemy_countries}`;
/** The passport-country variant adds the country code. */
export const passportCountryValue = (c: Country) => `${countryValue(c)}:${c.COUNTRY_CODE}`;
export const genderValue = (g: Gender) => `${g.Code}:${g.Gender}`;
export const codedValue = (i: CodedItem) => `${i.Code}:${i.Description}`;

/**
 * The dropdown value of a stored {id, Description}: the option's composite value when the record
 * is known, otherwise "id:Description" (which the rules then report as an unknown choice).
 */
export const choiceValueOf = <T>(
  stored: IdDescription | null | undefined,
  find: (id: number) => T | undefined,
  toValue: (record: T) => string,
): string => {
  if (!stored) return '';
  const record = find(stored.id);
  return record ? toValue(record) : `${stored.id}:${stored.Description}`;
};
