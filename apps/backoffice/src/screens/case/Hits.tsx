// Why the case was referred: each screening hit in words (its reason and the rule's explanation),
// and its evidence beside the traveller's own answers: a watchlist hit as the traveller and the
// listed person side by side, what matched marked in words as well as colour.
import type { Bearer, CaseDetails, ScreeningHit } from '@eta-il/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Row, Rows } from '../../components/Rows.tsx';
import { type Names, useNames } from '../../names.ts';

const text = (value: string | number | undefined) => (value === undefined ? '' : String(value));

/** A value the comparison found alike: marked, with the verdict in words beside it. */
const Match = ({ children, verdict }: { children: ReactNode; verdict: string }) => (
  <>
    <mark className="office-mark">{children}</mark>{' '}
    <span className="office-verdict office-verdict--match">{verdict}</span>
  </>
);
const Verdict = ({ verdict }: { verdict: string }) => (
  <span className="office-verdict">{verdict}</span>
);

/** How a listed fact compares with the traveller's (screening/watchlist.ts `Evidence`). */
const Compared = ({ evidence, children }: { evidence: string; children: ReactNode }) => {
  const { t } = useTranslation();
  const verdict = t(`hits.evidence.${evidence}`, { defaultValue: evidence });
  if (evidence === 'exact' || evidence === 'confirmed' || evidence === 'year') {
    return <Match verdict={verdict}>{children}</Match>;
  }
  return (
    <>
      {children} <Verdict verdict={verdict} />
    </>
  );
};

const Watchlist = ({ hit, bearer, names }: { hit: ScreeningHit; bearer: Bearer; names: Names }) => {
  const { t } = useTranslation();
  const d = hit.details;
  const listedDates = text(d.listedBirthDates)
    .split(', ')
    .filter(Boolean)
    .map((date) => (date.length === 10 ? names.date(date) : date))
    .join(', ');
  const listedCountries = text(d.listedCountries)
    .split(', ')
    .filter(Boolean)
    .map(names.countryByCode)
    .join(', ');
  const held = [bearer.nationalityId, ...bearer.anotherNationalityArray]
    .map((n) => names.country(n))
    .filter(Boolean)
    .join(', ');
  const percent = Math.round(hit.score * 100);
  const notListed = <Verdict verdict={t('hits.notListed')} />;
  // A hit screened before the listed facts were kept with it: say so, not "not on the list".
  const absent = (kept: string | number | undefined) =>
    kept === undefined ? <Verdict verdict={t('hits.notKept')} /> : notListed;
  return (
    <table className="office-compare">
      <caption>{t('hits.compareCaption')}</caption>
      <colgroup>
        <col className="office-compare__label" />
        <col span={2} className="office-compare__side" />
      </colgroup>
      <thead>
        <tr>
          <td />
          <th scope="col">{t('hits.traveller')}</th>
          <th scope="col">{t('hits.listedPerson')}</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">{t('hits.name')}</th>
          <td>
            <bdi dir="auto">
              {bearer.firstName} {bearer.lastName}
            </bdi>
          </td>
          <td>
            <Match verdict={t('hits.nameAlike', { percent })}>
              <bdi dir="auto">{text(d.listedName)}</bdi>
            </Match>
          </td>
        </tr>
        <tr>
          <th scope="row">{t('hits.birthDate')}</th>
          <td>{names.date(bearer.birthDate)}</td>
          <td>
            {listedDates ? (
              <Compared evidence={text(d.birthDate)}>{listedDates}</Compared>
            ) : (
              absent(d.listedBirthDates)
            )}
          </td>
        </tr>
        <tr>
          <th scope="row">{t('hits.nationality')}</th>
          <td>{held}</td>
          <td>
            {listedCountries ? (
              <Compared evidence={text(d.nationality)}>{listedCountries}</Compared>
            ) : (
              absent(d.listedCountries)
            )}
          </td>
        </tr>
        <tr>
          <th scope="row">{t('hits.document')}</th>
          <td>
            <bdi dir="ltr">{bearer.passportNum}</bdi>, {names.country(bearer.passportCountryId)}
          </td>
          <td>{notListed}</td>
        </tr>
        <tr>
          <th scope="row">{t('hits.list')}</th>
          <td />
          <td>
            {text(d.listedOn)}{' '}
            <span className="office-muted">
              ({t('hits.entryId')}: <bdi dir="ltr">{text(d.entryId)}</bdi>)
            </span>
          </td>
        </tr>
      </tbody>
    </table>
  );
};

/** Date-valued details, and countries by ISO code: named in words. */
const DATE_DETAILS = ['reportedOn', 'refusedOn', 'passportExpiryDate', 'arrivalDate', 'visitEnd'];

const detailRows = (hit: ScreeningHit, bearer: Bearer, names: Names) => {
  const rows: Row[] = [];
  if (hit.code === 'LOST_DOCUMENT') {
    rows.push({
      key: 'document',
      label: 'document',
      value: `${bearer.passportNum}, ${names.country(bearer.passportCountryId)}`,
    });
  }
  for (const [key, value] of Object.entries(hit.details)) {
    const raw = text(value);
    const shown =
      key === 'country'
        ? names.countryByCode(raw)
        : DATE_DETAILS.includes(key)
          ? names.date(raw)
          : raw;
    rows.push({ key, label: key, value: shown });
  }
  return rows;
};

/** What the case view adds under a hit (the false-hit marks of a watchlist hit). */
export type HitExtra = (hit: ScreeningHit, bearerIndex: number) => ReactNode;

const HitCard = ({
  hit,
  bearer,
  index,
  nested,
  extra,
}: {
  hit: ScreeningHit;
  bearer: Bearer;
  index: string;
  nested: boolean;
  extra?: ReactNode;
}) => {
  const { t } = useTranslation();
  const names = useNames();
  const rows = detailRows(hit, bearer, names).map((row) => ({
    ...row,
    label: t(`hits.details.${row.label}`, { defaultValue: row.label }),
    value:
      row.key === 'document' ? (
        <Match verdict={t('hits.sameDocument')}>
          <bdi dir="ltr">{row.value}</bdi>
        </Match>
      ) : (
        <bdi dir="auto">{row.value}</bdi>
      ),
  }));
  const Heading = nested ? 'h4' : 'h3';
  return (
    <li className="office-hit">
      <Heading id={index} tabIndex={-1}>
        {t(`hits.titles.${hit.code}`, { defaultValue: hit.code })}
      </Heading>
      <p>{t(`screening:${hit.messageId}`)}</p>
      {hit.code === 'WATCHLIST' ? (
        <Watchlist hit={hit} bearer={bearer} names={names} />
      ) : (
        rows.length > 0 && <Rows rows={rows} />
      )}
      {extra}
    </li>
  );
};

/** The reasons at a glance, linked to their evidence below. */
export const WhyReferred = ({ c }: { c: CaseDetails }) => {
  const { t } = useTranslation();
  const hits = c.screening.flatMap((s) =>
    s.hits.map((hit, i) => ({ hit, bearerIndex: s.bearerIndex, id: `hit-${s.bearerIndex}-${i}` })),
  );
  const group = c.answers.bearerList.length > 1;
  return (
    <section className="section office-why" aria-labelledby="why-heading">
      <h2 id="why-heading">{t('hits.why')}</h2>
      {hits.length === 0 ? (
        <p>{t('hits.none')}</p>
      ) : (
        <ul>
          {hits.map(({ hit, bearerIndex, id }) => (
            <li key={id}>
              <a href={`#${id}`}>{t(`hits.titles.${hit.code}`, { defaultValue: hit.code })}</a>
              {group && ` (${t('case.traveller', { index: bearerIndex + 1 })})`}
              {': '}
              {t(`screening:${hit.messageId}`)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};

export const Hits = ({ c, hitExtra }: { c: CaseDetails; hitExtra?: HitExtra }) => {
  const { t } = useTranslation();
  const group = c.answers.bearerList.length > 1;
  return (
    <section className="section" aria-labelledby="screening-heading">
      <h2 id="screening-heading">{t('hits.evidenceTitle')}</h2>
      {c.screening.map((s) => {
        const bearer = c.answers.bearerList[s.bearerIndex];
        if (!bearer) return null;
        return (
          <div key={s.bearerIndex}>
            {group && (
              <h3>
                {t('case.traveller', { index: s.bearerIndex + 1 })}:{' '}
                <bdi dir="auto">
                  {bearer.firstName} {bearer.lastName}
                </bdi>
              </h3>
            )}
            {s.hits.length === 0 ? (
              <p>{t('case.noHits')}</p>
            ) : (
              <ul className="office-hits">
                {s.hits.map((hit, i) => (
                  <HitCard
                    key={`${hit.code}-${JSON.stringify(hit.details)}`}
                    hit={hit}
                    bearer={bearer}
                    index={`hit-${s.bearerIndex}-${i}`}
                    nested={group}
                    extra={hit.code === 'WATCHLIST' ? hitExtra?.(hit, s.bearerIndex) : undefined}
                  />
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
};
