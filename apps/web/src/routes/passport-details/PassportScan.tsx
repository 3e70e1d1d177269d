// 'Fill in from your passport' (issue 14): a photo of the passport's data page, taken with the
// phone's camera or chosen. Its machine-readable zone is read in a Web Worker (the image never
// leaves the browser; the reader loads only when used), accepted only when every check digit is
// right, and fills the step's fields for the traveller to check against the passport.
import { type PassportValues, passportValuesFromMrz } from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { useReferenceData } from '../../session/reference.ts';
import { useMrzPhoto } from './scan/useMrzPhoto.ts';

export const PassportScan = ({ onRead }: { onRead: (values: Partial<PassportValues>) => void }) => {
  const { t } = useTranslation(['passport', 'messages']);
  const reference = useReferenceData();
  const {
    state,
    read: scan,
    problem,
  } = useMrzPhoto((fields) => onRead(passportValuesFromMrz(fields, reference)));

  const input = (id: string, label: string, capture?: 'environment') => (
    <label className="button button--secondary passport-scan__button" htmlFor={id}>
      <input
        id={id}
        type="file"
        className="visually-hidden"
        accept="image/jpeg,image/png,image/webp"
        {...(capture && { capture })}
        aria-describedby="passport-scan-hint"
        disabled={state === 'reading'}
        onChange={scan}
      />
      {label}
    </label>
  );

  return (
    <section className="passport-scan" aria-labelledby="passport-scan-title">
      <h2 id="passport-scan-title">{t('scan.title')}</h2>
      <p id="passport-scan-hint">{t('scan.intro')}</p>
      <div className="passport-scan__actions">
        {input('passport-scan-camera', t('scan.camera'), 'environment')}
        {input('passport-scan-file', t('scan.file'))}
      </div>
      <p
        className={`passport-scan__status${problem ? ' passport-scan__status--problem' : ''}`}
        role="status"
      >
        {state === 'reading' && t('scan.reading')}
        {state === 'filled' && t('scan.filled')}
        {problem && t(`messages:${state}`)}
      </p>
    </section>
  );
};
