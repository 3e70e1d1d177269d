// How a rule's message reads on a field: in the field's own words where the catalogue has them
// ("Enter the passport number"), else the general message ("Required"). The error summary shows
// the field's own words alone and puts the field's label before a general message.
import { fieldMessageKey, type Issue, type MessageId } from '@eta-il/domain';
import type { i18n as I18n, TFunction } from 'i18next';

export interface Translation {
  t: TFunction;
  i18n: I18n;
}

/** The text under a field. */
export const fieldMessageText = (
  { t }: Pick<Translation, 't'>,
  message: MessageId,
  field: string,
  values?: MessageValues,
): string => t([`messages:${fieldMessageKey(message, field)}`, `messages:${message}`], values);

/** What a message names, as the reader reads it: a country by its name in their language. */
export type MessageValues = { country: string };

/** A country's name in `language`, by its ISO 3166-1 alpha-2 code. */
export const countryName = (iso2: string, language: string): string => {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(iso2) ?? iso2;
  } catch {
    return iso2;
  }
};

const valuesOf = (issue: Pick<Issue, 'values'>, language: string): MessageValues | undefined =>
  issue.values && { country: countryName(issue.values.country, language) };

/** The text of an error summary's line. */
export const summaryLineText = (
  { t, i18n }: Translation,
  issue: Pick<Issue, 'field' | 'message' | 'values'>,
  labelOf: (field: string) => string,
): string => {
  const values = valuesOf(issue, i18n.language);
  return i18n.exists(`messages:${fieldMessageKey(issue.message, issue.field)}`)
    ? fieldMessageText({ t }, issue.message, issue.field, values)
    : t('common:errorSummaryItem', {
        label: labelOf(issue.field).replace(/[:?]\s*$/, ''),
        message: t(`messages:${issue.message}`, values),
      });
};
