// The review's state (SPEC §4 "Review"): each traveller's sections confirmed or not (session
// flags, so a reload keeps them), which panels are open, whether Submit was tried, and the
// actions, adding and removing a group's travellers among them.
import {
  addTraveller,
  declarationStep,
  errorsOf,
  REVIEW_SECTIONS,
  type ReviewSection,
  ROUTES,
  type RuleContext,
  removeTraveller,
  stepById,
  stepOfSection,
  validateStep,
} from '@eta-il/domain';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  panelOf,
  readFlags,
  readGroup,
  setCurrentTraveller,
  setFlag,
  writeDraft,
  writeGroup,
} from '../../session/draft.ts';
import { useSessionValue, writeJson } from '../../session/storage.ts';
import { type PanelStatus, panelButtonId } from './ReviewPanel.tsx';

/** A panel of the review: a traveller's section, or the application's declaration. */
export interface SectionPanel {
  id: string;
  section: ReviewSection;
  traveller: number;
}
export const DECLARATION_FIELD = 'reqDeclaration';
const DECLARATION = 'declaration';

const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

const sectionPanels = (travellers: number): SectionPanel[] =>
  Array.from({ length: travellers }, (_, traveller) =>
    REVIEW_SECTIONS.map((section) => ({ id: panelOf(section, traveller), section, traveller })),
  ).flat();

export const useReview = (context: RuleContext, travellers: number) => {
  const navigate = useNavigate();
  const raw = useSessionValue('confirmations');
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read when the stored text changes.
  const confirmed = useMemo(() => readFlags('confirmations'), [raw]);
  const sections = useMemo(() => sectionPanels(travellers), [travellers]);
  const order = [...sections.map((p) => p.id), DECLARATION];
  const [open, setOpen] = useState<ReadonlySet<string>>(() => {
    const flags = readFlags('confirmations');
    return new Set([sections.find((p) => !flags[p.id])?.id ?? DECLARATION]);
  });
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);
  const sent = useRef(false);

  const declarationValues = declarationStep.fromDraft(context.draft, context.reference);
  const declarationErrors = errorsOf(
    validateStep(declarationStep, declarationValues, context),
  ).filter((i) => i.field === DECLARATION_FIELD);
  const declared = declarationErrors.length === 0;
  const unconfirmed = sections.filter((p) => !confirmed[p.id]);

  const isDone = (panel: string) => (panel === DECLARATION ? declared : confirmed[panel] === true);
  const statusOf = (panel: string): PanelStatus =>
    isDone(panel) ? 'reviewed' : attempt > 0 ? 'required' : 'notReviewed';
  const show = (panel: string, on = true) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (on) next.add(panel);
      else next.delete(panel);
      return next;
    });
  /** A changed group is declared afresh: the declaration covers every traveller in it. */
  const undeclare = () => {
    writeDraft(
      declarationStep.toDraft({ ...declarationValues, [DECLARATION_FIELD]: '0' }, context),
    );
    setFlag('confirmations', DECLARATION, false);
  };

  return {
    sections,
    open,
    attempt,
    sending,
    unconfirmed,
    declarationErrors: attempt > 0 ? declarationErrors : [],
    statusOf,
    toggle: (panel: string) => show(panel, !open.has(panel)),
    /** Opens a panel and moves focus to an element in it (or its heading button). */
    reveal: (panel: string, target = panelButtonId(panel)) => {
      show(panel);
      focusSoon(target);
    },
    confirm: (panel: string) => {
      setFlag('confirmations', panel, true);
      const next = order[order.indexOf(panel) + 1] ?? DECLARATION;
      setOpen((prev) => new Set([...prev].filter((p) => p !== panel)).add(next));
      focusSoon(panelButtonId(next));
    },
    edit: ({ id, section, traveller }: SectionPanel) => {
      setCurrentTraveller(traveller);
      setFlag('editing', section, true);
      setFlag('confirmations', id, false);
      navigate(stepOfSection(section).route);
    },
    /** A further traveller, offered the first one's trip and contact, from the trip step on. */
    addTraveller: () => {
      undeclare();
      const group = addTraveller(readGroup());
      writeGroup(group);
      writeJson('editing', {});
      setCurrentTraveller(group.bearerList.length - 1);
      navigate(ROUTES.travel);
    },
    /** Removes a later traveller; those after it move up and are confirmed afresh. */
    removeTraveller: (traveller: number) => {
      undeclare();
      for (const panel of sections) {
        if (panel.traveller >= traveller) setFlag('confirmations', panel.id, false);
      }
      setCurrentTraveller(0);
      writeGroup(removeTraveller(readGroup(), traveller));
      focusSoon('review-travellers');
    },
    declare: (ticked: boolean) => {
      const values = { ...declarationValues, [DECLARATION_FIELD]: ticked ? '1' : '0' };
      writeDraft(declarationStep.toDraft(values, context));
      setFlag('confirmations', DECLARATION, ticked);
      if (!ticked) show(DECLARATION);
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
