// The second look before an act that cannot be undone (a refusal, a refund, a revocation): what is
// about to happen, a warning button that does it, and Cancel, in the web app's modal dialog.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../web/src/components/Modal.tsx';

export const ConfirmDialog = ({
  open,
  title,
  confirm,
  busy = false,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  /** The warning button's words ("Yes, refuse the application"). */
  confirm: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** What is about to happen; the last paragraph usually says it cannot be undone. */
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={title} onClose={onCancel}>
      {children}
      <div className="modal__actions">
        <button
          type="button"
          className="button button--warning"
          disabled={busy}
          onClick={onConfirm}
        >
          {confirm}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('decide.cancel')}
        </button>
      </div>
    </Modal>
  );
};
