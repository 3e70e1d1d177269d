// Help popups (a titled dialog with text and an image) and tooltips (SPEC §2, §9 delays) whose
// content is reachable by keyboard: focus or press the button, Escape closes.
import {
  TOOLTIP_ENTER_DELAY_MS,
  TOOLTIP_LEAVE_TOUCH_DELAY_MS,
  TOOLTIP_TOUCH_DELAY_MS,
} from '@eta-il/domain';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal.tsx';

export const HelpPopup = ({
  title,
  children,
  image,
  buttonLabel,
}: {
  title: string;
  children: ReactNode;
  image?: { src: string; alt: string } | undefined;
  buttonLabel: string;
}) => {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link-button help-button" onClick={() => setOpen(true)}>
        {buttonLabel}
      </button>
      <Modal open={open} title={title} onClose={() => setOpen(false)}>
        <div className="modal__body">{children}</div>
        {image && <img className="modal__image" src={image.src} alt={image.alt} loading="lazy" />}
        <div className="modal__actions">
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {t('close')}
          </button>
        </div>
      </Modal>
    </>
  );
};

export const Tooltip = ({ label, children }: { label: string; children: ReactNode }) => {
  const [open, setOpen] = useState(false);
  const id = useId();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const later = (show: boolean, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(show), ms);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the pointer may move onto the tooltip without it closing (WCAG 1.4.13); keyboard users use the button.
    <span
      className="tooltip"
      onMouseEnter={() => later(true, TOOLTIP_ENTER_DELAY_MS)}
      onMouseLeave={() => later(false, 0)}
    >
      <button
        type="button"
        className="tooltip__button"
        aria-label={label}
        aria-describedby={id}
        aria-expanded={open}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        // Show, not toggle: a click first focuses the button, which already shows it.
        onClick={() => setOpen(true)}
        onTouchStart={() => later(true, TOOLTIP_TOUCH_DELAY_MS)}
        onTouchEnd={() => later(false, TOOLTIP_LEAVE_TOUCH_DELAY_MS)}
      >
        <span aria-hidden="true">i</span>
      </button>
      <span id={id} role="tooltip" className={`tooltip__content${open ? ' is-open' : ''}`}>
        {children}
      </span>
    </span>
  );
};
