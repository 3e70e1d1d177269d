// SPEC §4 "Terms gate": until the terms are accepted, a 'Terms & Conditions' dialog covers every
// page but the eligibility ones; 'continue' appears once the box is ticked and sets reqDisclaimer.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Modal } from '../components/Modal.tsx';
import { readDraft, useDraft, writeDraft } from './draft.ts';
import { needsTermsGate } from './session.ts';
import { useSessionValue } from './storage.ts';

export const TermsText = () => {
  const { t } = useTranslation('common');
  return (
    <div className="terms">
      <p>{t('terms.pilot')}</p>
      <p>{t('terms.liability')}</p>
      <p>{t('terms.sharing')}</p>
      <p>{t('terms.sanctions')}</p>
      <p>{t('terms.border')}</p>
    </div>
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
      {ticked && (
        <div className="modal__actions">
          <button type="button" className="button" onClick={onAccept}>
            {t('terms.continue')}
          </button>
        </div>
      )}
    </Modal>
  );
};

export const acceptTerms = () => writeDraft({ ...readDraft(), reqDisclaimer: 1 });

export const TermsGate = () => {
  const { pathname } = useLocation();
  const draft = useDraft();
  // An ended session (storage wiped) shows only its Restart popup; the terms of the next session
  // are asked once it begins.
  const sessionBegun = useSessionValue('sessionStart') !== null;
  const open = sessionBegun && needsTermsGate(pathname) && draft.reqDisclaimer !== 1;
  return <TermsDialog open={open} onAccept={acceptTerms} />;
};
