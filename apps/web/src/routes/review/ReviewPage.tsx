// /review (SPEC §2, §4 "Review"): the intro, three panels to read and confirm (each with 'Edit
// information'), and the declaration with Submit. Submit needs the three sections confirmed and
// the declaration ticked; then it goes to the thank-you page, which sends the application.
import { REVIEW_SECTIONS, type ReviewSection, rebuildRecord, stepById } from '@eta-il/domain';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProblemSummary } from '../../components/ErrorSummary.tsx';
import { feeToday } from '../../components/fee.ts';
import { Page } from '../../components/Page.tsx';
import { ApplicationSteps } from '../../components/StepIndicator.tsx';
import { useRuleContext } from '../../components/StepScreen.tsx';
import { DeclarationPanel } from './DeclarationPanel.tsx';
import { REVIEW_NAMESPACES } from './names.ts';
import { PassportSummary } from './PassportSummary.tsx';
import { PersonalSummary } from './PersonalSummary.tsx';
import { panelButtonId, ReviewPanel } from './ReviewPanel.tsx';
import { TravelSummary } from './TravelSummary.tsx';
import { DECLARATION_FIELD, useReview } from './useReview.ts';

export const ReviewPage = () => {
  const { t } = useTranslation(REVIEW_NAMESPACES);
  const context = useRuleContext();
  const { reference } = context;
  // The record the server will store (decision 013), not the session's copy: what is read here is
  // what is kept.
  const draft = useMemo(() => rebuildRecord(context.draft, context), [context]);
  const review = useReview(context);
  const step = stepById('review');
  const declarationError = review.declarationErrors[0]?.message;

  const summaries: Record<ReviewSection, ReactNode> = {
    travel: <TravelSummary draft={draft} reference={reference} />,
    passport: <PassportSummary draft={draft} reference={reference} />,
    personal: (
      <PersonalSummary draft={draft} reference={reference} open={review.open.has('personal')} />
    ),
  };
  const problems = [
    ...(review.attempt > 0 ? review.unconfirmed : []).map((section) => ({
      target: panelButtonId(section),
      text: `${t(`review:sections.${section}`)}: ${t('review:confirmRequired')}`,
      onActivate: () => review.reveal(section),
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
        <strong>{t('review:intro.noEdit')}</strong>
      </p>
      <p>
        {t(feeToday().waived ? 'review:intro.payment' : 'review:intro.paymentCharged', {
          fee: feeToday().fee,
        })}
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          review.submit();
        }}
      >
        {REVIEW_SECTIONS.map((section) => {
          const title = t(`review:sections.${section}`);
          return (
            <ReviewPanel
              key={section}
              panel={section}
              title={title}
              status={review.statusOf(section)}
              open={review.open.has(section)}
              onToggle={() => review.toggle(section)}
            >
              {summaries[section]}
              <div className="review-panel__actions">
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => review.edit(section)}
                >
                  {t('review:edit')}
                  <span className="visually-hidden">
                    {t('review:sectionSuffix', { section: title })}
                  </span>
                </button>
                <button type="button" className="button" onClick={() => review.confirm(section)}>
                  {t('review:confirm')}
                  <span className="visually-hidden">
                    {t('review:sectionSuffix', { section: title })}
                  </span>
                </button>
              </div>
            </ReviewPanel>
          );
        })}
        <ReviewPanel
          panel="declaration"
          title={t('review:sections.declaration')}
          status={review.statusOf('declaration')}
          open={review.open.has('declaration')}
          onToggle={() => review.toggle('declaration')}
        >
          <DeclarationPanel
            ticked={draft.reqDeclaration === 1}
            error={declarationError}
            sending={review.sending}
            onChange={review.declare}
          />
        </ReviewPanel>
      </form>
    </Page>
  );
};
