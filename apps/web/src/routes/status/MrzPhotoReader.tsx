// The passport scan of decision 031 put to another use: a photo of the passport's data page, read
// in the scan's Web Worker (the image never leaves the browser; the reader loads only when used),
// accepted by the domain's TD3 reader only when every check digit is right, and given back as the
// two MRZ lines for the traveller to check against the passport.
import { td3Lines } from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { useMrzPhoto } from '../passport-details/scan/useMrzPhoto.ts';

export const MrzPhotoReader = ({
  onLines,
}: {
  onLines: (lines: readonly [string, string]) => void;
}) => {
  const { t } = useTranslation(['status', 'messages']);
  const { state, read, problem } = useMrzPhoto((fields) => onLines(td3Lines(fields)));

  return (
    <div className="lost-address__scan">
      <label className="button button--secondary" htmlFor="lost-mrz-photo">
        <input
          id="lost-mrz-photo"
          type="file"
          className="visually-hidden"
          accept="image/jpeg,image/png,image/webp"
          aria-describedby="lost-mrz-photo-status"
          disabled={state === 'reading'}
          onChange={read}
        />
        {t('lost.scan')}
      </label>
      <p id="lost-mrz-photo-status" role="status">
        {state === 'reading' && t('lost.scanReading')}
        {state === 'filled' && t('lost.scanFilled')}
        {problem && t(`messages:${state}`)}
      </p>
    </div>
  );
};
