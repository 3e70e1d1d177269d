// The 'Terms & Conditions' dialog of SPEC §4: the terms and the box to tick; 'continue' appears
// once the box is ticked. Loaded only when the dialog opens (it is not on the first page).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFee } from '../components/fee.ts';
import { Modal, ModalActions } from '../components/Modal.tsx';
import { readDraft, writeDraft } from './draft.ts';

/**
 * The terms, in a box that scrolls on a small screen: focusable and named, so that a keyboard
 * reaches every line (arrow keys scroll it), with shadows at the edges while more is hidden.
 */
const TermsText = () => {
  const { t } = useTranslation('common');
  const fee = useFee();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable (WCAG 2.1.1)
    <section className="terms" aria-label={t('terms.title')} tabIndex={0}>
      {/* SPEC's "voluntary pilot" only while the pilot runs; then the fee that is due (decision 036). */}
      {fee && <p>{fee.charged ? t('terms.service', { fee: fee.fee }) : t('terms.pilot')}</p>}
      <p>{t('terms.liability')}</p>
      <p>{t('terms.sharing')}</p>
      <p>{t('terms.sanctions')}</p>
      <p>{t('terms.border')}</p>
    </section>
  );
};

/** The terms and the box to tick; `onAccept` runs when 'continue' is pressed. */
export const TermsDialog = ({ open, onAccept }: { open: boolean; onAccept: () => void }) => {
  const { t } = useTranslation('common');
  const [ticked, setTicked] = useState(false);
  return (
    <Modal open={open} title={t('terms.title')} dismissable={false}>
      <TermsText />
      <div className="checkbox">
        <input
          id="terms-confirm"
          type="checkbox"
          checked={ticked}
          onChange={(e) => setTicked(e.target.checked)}
          required
        />
        <label htmlFor="terms-confirm">{t('terms.confirm')}</label>
      </div>
      {ticked && <ModalActions actions={[{ label: t('terms.continue'), onClick: onAccept }]} />}
    </Modal>
  );
};

export const acceptTerms = () => writeDraft({ ...readDraft(), reqDisclaimer: 1 });
