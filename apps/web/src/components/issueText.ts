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
): string => t([`messages:${fieldMessageKey(message, field)}`, `messages:${message}`]);

/** The text of an error summary's line. */
export const summaryLineText = (
  { t, i18n }: Translation,
  issue: Pick<Issue, 'field' | 'message'>,
  labelOf: (field: string) => string,
): string =>
  i18n.exists(`messages:${fieldMessageKey(issue.message, issue.field)}`)
    ? fieldMessageText({ t }, issue.message, issue.field)
    : t('common:errorSummaryItem', {
        label: labelOf(issue.field).replace(/[:?]\s*$/, ''),
        message: t(`messages:${issue.message}`),
      });
