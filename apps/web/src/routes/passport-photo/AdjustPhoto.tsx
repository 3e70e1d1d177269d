// 'Adjust the photo' under the chosen photo: opens the crop and rotate dialog, whose code loads only
// then. The framing chosen last is kept for the same photo, and the tool always starts from the
// photo as chosen, so adjusting again loses nothing.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Framing } from './photoFrame.ts';

const PhotoAdjuster = lazy(() =>
  import('./PhotoAdjuster.tsx').then((m) => ({ default: m.PhotoAdjuster })),
);

export const AdjustPhoto = ({
  file,
  onAdjusted,
}: {
  /** The photo as the traveller chose it. */
  file: File;
  onAdjusted: (file: File) => void;
}) => {
  const { t } = useTranslation('photo');
  const [open, setOpen] = useState(false);
  const [last, setLast] = useState<{ file: File; framing: Framing }>();
  return (
    <>
      <p>
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          {t('adjust.open')}
        </button>
      </p>
      {open && (
        <Suspense fallback={null}>
          <PhotoAdjuster
            file={file}
            initial={last?.file === file ? last.framing : undefined}
            onCancel={() => setOpen(false)}
            onUse={(adjusted, framing) => {
              setLast({ file, framing });
              setOpen(false);
              onAdjusted(adjusted);
            }}
          />
        </Suspense>
      )}
    </>
  );
};
