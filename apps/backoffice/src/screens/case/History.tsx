// The case's full history in the order it happened: every change of state with who made it (for
// a refusal, who proposed and who confirmed it), proposed refusals and their rejections, the
// questions to the traveller and the answers, and the traveller's corrections.
import { asksTraveller, type CaseDetails, isRefused } from '@eta-il/domain';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../../format.ts';
import { type Names, useNames } from '../../names.ts';

interface Entry {
  at: string;
  key: string;
  what: ReactNode;
  detail?: ReactNode;
}

/** Reasons in words: screening codes by their hit title, officers' reasons by their list. */
const reasonsText = (t: TFunction, reasons: string[]) =>
  reasons
    .map(
      (r) => t(`hits.titles.${r}`, { defaultValue: '' }) || t(`reasons.${r}`, { defaultValue: r }),
    )
    .join(', ');

/** The label of a corrected field, as the traveller's screens name it. */
const CORRECTED_LABEL: Record<string, string> = {
  reqMainEmailAddress: 'application.contactEmail',
  mobilePhoneNum: 'personal:fields.mobilePhoneNum.label',
  homePhoneNum: 'personal:fields.homePhoneNum.label',
  addressCountryId: 'personal:fields.addressCountryId.label',
  addressTownName: 'personal:fields.addressTownName.label',
  estimatedArrivalDate: 'travel:fields.dayEstimatedAarrivalDate.label',
};

const correctedValue = (field: string, value: string, names: Names) => {
  if (value === '') return '—';
  if (field === 'addressCountryId') return names.countryById(value);
  if (field === 'estimatedArrivalDate') return names.date(value);
  return value;
};

const actorText = (t: TFunction, h: CaseDetails['history'][number]) =>
  h.actorKind === 'staff'
    ? (h.actorEmail ?? t('history.staff'))
    : t(`history.actors.${h.actorKind}`, { defaultValue: h.actorKind });

const entriesOf = (c: CaseDetails, t: TFunction, names: Names): Entry[] => [
  ...c.history.map((h, i) => ({
    at: h.at,
    key: `state-${i}`,
    what:
      isRefused(h.to) && h.proposedByEmail
        ? t('history.refused', { proposer: h.proposedByEmail, confirmer: actorText(t, h) })
        : t('history.state', { state: t(`states.${h.to}`), actor: actorText(t, h) }),
    detail: (
      <>
        {h.reasons.length > 0 && (
          <p>
            {t('case.reasons')}: {reasonsText(t, h.reasons)}
          </p>
        )}
        {h.note && (
          <p className="office-pre">
            {asksTraveller(h.to) ? t('history.question') : t('case.note')}:{' '}
            <bdi dir="auto">{h.note}</bdi>
          </p>
        )}
      </>
    ),
  })),
  ...c.refusalSteps.map((s, i) => ({
    at: s.at,
    key: `refusal-${i}`,
    what:
      s.action === 'proposeRefusal'
        ? t('history.proposed', { email: s.byEmail })
        : t('history.rejected', { email: s.byEmail, proposer: s.proposedByEmail ?? '' }),
    detail: (
      <>
        {s.reasons.length > 0 && (
          <p>
            {t('case.reasons')}: {reasonsText(t, s.reasons)}
          </p>
        )}
        {s.note && (
          <p className="office-pre">
            {t('case.note')}: <bdi dir="auto">{s.note}</bdi>
          </p>
        )}
      </>
    ),
  })),
  ...c.infoRequests.flatMap((r, i) =>
    r.answer !== null && r.answeredAt
      ? [
          {
            at: r.answeredAt,
            key: `answer-${i}`,
            what: t('history.answered'),
            detail: (
              <p className="office-pre" dir="auto">
                {r.answer}
              </p>
            ),
          },
        ]
      : [],
  ),
  ...c.corrections.map((k, i) => ({
    at: k.at,
    key: `correction-${i}`,
    what: t('history.corrected', {
      field: t(CORRECTED_LABEL[k.field] ?? k.field, { defaultValue: k.field }),
    }),
    detail: (
      <p>
        <bdi dir="auto">{correctedValue(k.field, k.from, names)}</bdi> →{' '}
        <bdi dir="auto">{correctedValue(k.field, k.to, names)}</bdi>
      </p>
    ),
  })),
];

export const History = ({ c }: { c: CaseDetails }) => {
  const { t, i18n } = useTranslation();
  const names = useNames();
  const entries = entriesOf(c, t, names).sort((a, b) => a.at.localeCompare(b.at));
  return (
    <section className="section" aria-labelledby="history-heading">
      <h2 id="history-heading">{t('case.history')}</h2>
      <ol className="office-history">
        {entries.map((e) => (
          <li key={e.key}>
            <p>
              <time dateTime={e.at}>{dateTime(e.at, i18n.language)}</time>:{' '}
              <strong>{e.what}</strong>
            </p>
            {e.detail}
          </li>
        ))}
      </ol>
    </section>
  );
};
