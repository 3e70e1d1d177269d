// The review's state (SPEC §4 "Review"): each section confirmed or not (session flags, so a
// reload keeps them), which panels are open, whether Submit was tried, and the actions.
import {
  declarationStep,
  errorsOf,
  REVIEW_SECTIONS,
  type ReviewSection,
  type RuleContext,
  stepById,
  stepOfSection,
  validateStep,
} from '@eta-il/domain';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { readFlags, setFlag, writeDraft } from '../../session/draft.ts';
import { useSessionValue } from '../../session/storage.ts';
import { type PanelStatus, panelButtonId } from './ReviewPanel.tsx';

export type PanelId = ReviewSection | 'declaration';
const PANELS: readonly PanelId[] = [...REVIEW_SECTIONS, 'declaration'];
export const DECLARATION_FIELD = 'reqDeclaration';

const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

export const useReview = (context: RuleContext) => {
  const navigate = useNavigate();
  const raw = useSessionValue('confirmations');
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read when the stored text changes.
  const confirmed = useMemo(() => readFlags('confirmations'), [raw]);
  const [open, setOpen] = useState<ReadonlySet<PanelId>>(() => {
    const flags = readFlags('confirmations');
    return new Set([REVIEW_SECTIONS.find((s) => !flags[s]) ?? 'declaration']);
  });
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);
  const sent = useRef(false);

  const declarationValues = declarationStep.fromDraft(context.draft, context.reference);
  const declarationErrors = errorsOf(
    validateStep(declarationStep, declarationValues, context),
  ).filter((i) => i.field === DECLARATION_FIELD);
  const declared = declarationErrors.length === 0;
  const unconfirmed = REVIEW_SECTIONS.filter((s) => !confirmed[s]);

  const isDone = (panel: PanelId) =>
    panel === 'declaration' ? declared : confirmed[panel] === true;
  const statusOf = (panel: PanelId): PanelStatus =>
    isDone(panel) ? 'reviewed' : attempt > 0 ? 'required' : 'notReviewed';
  const show = (panel: PanelId, on = true) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (on) next.add(panel);
      else next.delete(panel);
      return next;
    });

  return {
    open,
    attempt,
    sending,
    unconfirmed,
    declarationErrors: attempt > 0 ? declarationErrors : [],
    statusOf,
    toggle: (panel: PanelId) => show(panel, !open.has(panel)),
    /** Opens a panel and moves focus to an element in it (or its heading button). */
    reveal: (panel: PanelId, target = panelButtonId(panel)) => {
      show(panel);
      focusSoon(target);
    },
    confirm: (section: ReviewSection) => {
      setFlag('confirmations', section, true);
      const next = PANELS[PANELS.indexOf(section) + 1] ?? 'declaration';
      setOpen((prev) => new Set([...prev].filter((p) => p !== section)).add(next));
      focusSoon(panelButtonId(next));
    },
    edit: (section: ReviewSection) => {
      setFlag('editing', section, true);
      setFlag('confirmations', section, false);
      navigate(stepOfSection(section).route);
    },
    declare: (ticked: boolean) => {
      const values = { ...declarationValues, [DECLARATION_FIELD]: ticked ? '1' : '0' };
      writeDraft(declarationStep.toDraft(values, context));
      setFlag('confirmations', 'declaration', ticked);
      if (!ticked) show('declaration');
    },
    /** Submit: every section confirmed and the declaration ticked, then the thank-you page once. */
    submit: () => {
      if (sent.current) return;
      if (unconfirmed.length > 0 || !declared) {
        setAttempt((n) => n + 1);
        return;
      }
      sent.current = true;
      setSending(true);
      navigate(stepById('review').next);
    },
  };
};
