// The passport scan of decision 031 put to another use: a photo of the passport's data page, read
// in the scan's Web Worker (the image never leaves the browser; the reader loads only when used),
// accepted by the domain's TD3 reader only when every check digit is right, and given back as the
// two MRZ lines for the traveller to check against the passport.
import { type MessageId, parseTd3, td3Lines } from '@eta-il/domain';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../components/StepScreen.tsx';

type ReadState = 'idle' | 'reading' | 'filled' | MessageId;

const readMrz = async (file: File) => {
  try {
    const { readMrzInWorker } = await import('../passport-details/scan/readMrzInWorker.ts');
    return await readMrzInWorker(file);
  } catch {
    return undefined;
  }
};

export const MrzPhotoReader = ({
  onLines,
}: {
  onLines: (lines: readonly [string, string]) => void;
}) => {
  const { t } = useTranslation(['status', 'messages']);
  const [state, setState] = useState<ReadState>('idle');

  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || state === 'reading') return;
    setState('reading');
    const text = await readMrz(file);
    const result = text === undefined ? undefined : parseTd3(text, todayIso());
    if (!result?.ok) {
      setState(result ? result.problem.code : 'mrzNotFound');
      return;
    }
    onLines(td3Lines(result.fields));
    setState('filled');
  };
  const problem = state !== 'idle' && state !== 'reading' && state !== 'filled';

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
