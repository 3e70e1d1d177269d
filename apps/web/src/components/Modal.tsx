// A modal dialog on the native <dialog>: the browser makes the page inert, and Tab cycles within
// the dialog (the browser alone would let focus leave it for its own toolbar); focus returns to
// where it was when the dialog closes.
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab among the dialog's own controls, wrapping at either end. */
const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0,
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  const active = document.activeElement as HTMLElement | null;
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  if (event.shiftKey && (active === first || !focusable.includes(active as HTMLElement))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
};

/**
 * Shows the native dialog modally while `open`, focus on its title; on closing, focus returns to
 * where it was.
 */
const useShownModally = (open: boolean) => {
  const ref = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const previous = document.activeElement as HTMLElement | null;
      dialog.showModal();
      // Start at the title (read first, and on a phone the top of the dialog stays in view).
      titleRef.current?.focus();
      return () => {
        if (dialog.open) dialog.close();
        previous?.focus?.();
      };
    }
  }, [open]);
  return { ref, titleRef };
};

export const Modal = ({
  open,
  title,
  children,
  onClose,
  dismissable = true,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Called on Escape (when dismissable). */
  onClose?: () => void;
  dismissable?: boolean;
}) => {
  const { ref, titleRef } = useShownModally(open);
  const titleId = useId();
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onKeyDown={trapTab}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissable) onClose?.();
      }}
    >
      <h2 id={titleId} className="modal__title" tabIndex={-1} ref={titleRef}>
        {title}
      </h2>
      {children}
    </dialog>
  );
};

/** A dialog's row of buttons, in order; each runs its handler. */
export const ModalActions = ({
  actions,
}: {
  actions: readonly { label: string; onClick: () => void; secondary?: boolean }[];
}) => (
  <div className="modal__actions">
    {actions.map((action) => (
      <button
        key={action.label}
        type="button"
        className={`button${action.secondary ? ' button--secondary' : ''}`}
        onClick={action.onClick}
      >
        {action.label}
      </button>
    ))}
  </div>
);
