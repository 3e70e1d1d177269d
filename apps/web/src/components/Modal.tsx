// A modal dialog on the native <dialog>: the browser keeps focus inside and makes the page inert;
// focus returns to where it was when the dialog closes.
import { type ReactNode, useEffect, useId, useRef } from 'react';

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
  const ref = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
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
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
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
