// A photo of a passport's data page, read for its machine-readable zone (decision 031): in the
// scan's Web Worker (the image never leaves the browser; the reader loads only when first used),
// accepted by the domain's TD3 reader only when every check digit is right. The passport step
// fills its fields from it; the status page's lost-address request takes its two lines.
import { type MessageId, parseTd3, type Td3Fields } from '@eta-il/domain';
import { type ChangeEvent, useState } from 'react';
import { todayIso } from '../../../components/StepScreen.tsx';

export type MrzPhotoState = 'idle' | 'reading' | 'filled' | MessageId;

const readMrz = async (file: File) => {
  try {
    const { readMrzInWorker } = await import('./readMrzInWorker.ts');
    return await readMrzInWorker(file);
  } catch {
    return undefined;
  }
};

/** The file input's change handler, what became of the last photo, and whether it was refused. */
export const useMrzPhoto = (onFields: (fields: Td3Fields) => void) => {
  const [state, setState] = useState<MrzPhotoState>('idle');
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
    onFields(result.fields);
    setState('filled');
  };
  const problem = state !== 'idle' && state !== 'reading' && state !== 'filled';
  return { state, read, problem };
};
