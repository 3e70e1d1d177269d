// /review (SPEC §2, §4 "Review"): the intro, each traveller's three panels to read and confirm
// (each with 'Edit information'), a group's 'Add another traveller' and 'Remove', and the
// declaration with Submit. Submit needs every section confirmed and the declaration ticked; then it
// goes to the thank-you page, which sends the application.
import {
  canAddTraveller,
  firstUnfinishedStep,
  GROUP_SIZE_MAX,
  type ReviewSection,
  rebuildRecord,
  stepById,
  travellerDrafts,
} from '@eta-il/domain';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ProblemSummary } from '../../components/ErrorSummary.tsx';
import { useFee } from '../../components/fee.ts';
import { Page } from '../../components/Page.tsx';
import { SaveLaterOutcome, saveForLater, useSaveLaterState } from '../../components/SaveLater.tsx';
import { ApplicationSteps } from '../../components/StepIndicator.tsx';
import { useRuleContext } from '../../components/StepScreen.tsx';
import { setCurrentTraveller, useGroup } from '../../session/draft.ts';
import { DeclarationPanel } from './DeclarationPanel.tsx';
import { REVIEW_NAMESPACES } from './names.ts';
import { PassportSummary } from './PassportSummary.tsx';
import { PersonalSummary } from './PersonalSummary.tsx';
import { panelButtonId, ReviewPanel } from './ReviewPanel.tsx';
import { TravelSummary } from './TravelSummary.tsx';
import { DECLARATION_FIELD, type SectionPanel, useReview } from './useReview.ts';

const travellerHeadingId = (traveller: number) => `review-traveller-${traveller + 1}`;

export const ReviewPage = () => {
  const { t } = useTranslation(REVIEW_NAMESPACES);
  const fee = useFee();
  const context = useRuleContext();
  const { reference } = context;
  const group = useGroup();
  const count = group.bearerList.length;
  // The record the server will store (decision 013), not the session's copy: what is read here is
  // what is kept; each traveller's part of it as a single application's draft.
  const travellers = useMemo(
    () => travellerDrafts(rebuildRecord(group, context)),
    [group, context],
  );
  const review = useReview(context, count);
  const saving = useSaveLaterState('review')?.status === 'busy';
  const step = stepById('review');
  const declarationError = review.declarationErrors[0]?.message;
  // A group is reviewed once every traveller in it has been through the steps: one who has not
  // is taken to their first unfinished step.
  // Decided when the page opens: what it does later (adding a traveller) leads on by itself.
  const navigate = useNavigate();
  const [unfinished] = useState(() =>
    travellerDrafts(group)
      .map((draft, index) => ({ index, step: firstUnfinishedStep({ draft, verified: true }) }))
      .find((t) => t.step && t.step.id !== 'review'),
  );
  useEffect(() => {
    if (!unfinished?.step) return;
    setCurrentTraveller(unfinished.index);
    navigate(unfinished.step.route, { replace: true });
  }, [unfinished, navigate]);
  if (unfinished) return null;

  const nameOf = (traveller: number) => {
    const bearer = travellers[traveller]?.bearerList[0];
    return t('review:group.traveller', {
      n: traveller + 1,
      name: [bearer?.firstName, bearer?.lastName].filter(Boolean).join(' '),
    });
  };
  const titleOf = ({ section, traveller }: SectionPanel) =>
    count > 1
      ? `${nameOf(traveller)}, ${t(`review:sections.${section}`)}`
      : t(`review:sections.${section}`);
  const summaryOf = ({ section, traveller, id }: SectionPanel): ReactNode => {
    const draft = travellers[traveller] ?? context.draft;
    const summaries: Record<ReviewSection, () => ReactNode> = {
      travel: () => <TravelSummary draft={draft} reference={reference} />,
      passport: () => <PassportSummary draft={draft} reference={reference} />,
      personal: () => (
        <PersonalSummary draft={draft} reference={reference} open={review.open.has(id)} />
      ),
    };
    return summaries[section]();
  };
  const problems = [
    ...(review.attempt > 0 ? review.unconfirmed : []).map((panel) => ({
      target: panelButtonId(panel.id),
      text: `${titleOf(panel)}: ${t('review:confirmRequired')}`,
      onActivate: () => review.reveal(panel.id),
    })),
    ...(declarationError
      ? [
          {
            target: DECLARATION_FIELD,
            text: `${t('review:sections.declaration')}: ${t(`messages:${declarationError}`)}`,
            onActivate: () => review.reveal('declaration', DECLARATION_FIELD),
          },
        ]
      : []),
  ];

  const renderPanel = (panel: SectionPanel) => {
    const title = t(`review:sections.${panel.section}`);
    const label = titleOf(panel);
    return (
      <ReviewPanel
        key={panel.id}
        panel={panel.id}
        title={title}
        level={count > 1 ? 3 : 2}
        status={review.statusOf(panel.id)}
        open={review.open.has(panel.id)}
        onToggle={() => review.toggle(panel.id)}
      >
        {summaryOf(panel)}
        <div className="review-panel__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => review.edit(panel)}
          >
            {t('review:edit')}
            <span className="visually-hidden">{t('review:sectionSuffix', { section: label })}</span>
          </button>
          <button type="button" className="button" onClick={() => review.confirm(panel.id)}>
            {t('review:confirm')}
            <span className="visually-hidden">{t('review:sectionSuffix', { section: label })}</span>
          </button>
        </div>
      </ReviewPanel>
    );
  };
  const panels = review.sections;

  return (
    <Page
      heading={t('review:title')}
      before={
        <>
          <ApplicationSteps current={step.indicator} />
          <Link className="back-link" to={step.back}>
            {t('common:back')}
          </Link>
        </>
      }
    >
      <ProblemSummary items={problems} attempt={review.attempt} />
      <p className="lead">{t('review:intro.check')}</p>
      <p>{t('review:intro.sections')}</p>
      <p>
        <strong>{t('review:intro.afterSubmit')}</strong>
      </p>
      {fee && (
        <p>
          {t(fee.charged ? 'review:intro.paymentCharged' : 'review:intro.payment', {
            fee: fee.fee,
          })}
        </p>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          review.submit();
        }}
      >
        {count === 1
          ? panels.map(renderPanel)
          : Array.from({ length: count }, (_, traveller) => (
              <section
                key={travellerHeadingId(traveller)}
                className="review-traveller"
                aria-labelledby={travellerHeadingId(traveller)}
              >
                <h2 id={travellerHeadingId(traveller)} tabIndex={-1}>
                  {nameOf(traveller)}
                </h2>
                {panels.filter((p) => p.traveller === traveller).map(renderPanel)}
                {traveller > 0 && (
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => review.removeTraveller(traveller)}
                  >
                    {t('review:group.remove', { n: traveller + 1 })}
                  </button>
                )}
              </section>
            ))}
        <div className="review-travellers" id="review-travellers" tabIndex={-1}>
          <p>{t('review:group.count', { n: count, max: GROUP_SIZE_MAX })}</p>
          {canAddTraveller(group) && (
            <button
              type="button"
              className="button button--secondary"
              onClick={review.addTraveller}
            >
              {t('review:group.add')}
            </button>
          )}
        </div>
        <SaveLaterOutcome step="review" />
        <p>
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={saving || undefined}
            onClick={() => void saveForLater('review')}
          >
            {t('saveLater:button')}
          </button>
        </p>
        <ReviewPanel
          panel="declaration"
          title={t('review:sections.declaration')}
          status={review.statusOf('declaration')}
          open={review.open.has('declaration')}
          onToggle={() => review.toggle('declaration')}
        >
          <DeclarationPanel
            ticked={context.draft.reqDeclaration === 1}
            error={declarationError}
            sending={review.sending}
            onChange={review.declare}
          />
        </ReviewPanel>
      </form>
    </Page>
  );
};
