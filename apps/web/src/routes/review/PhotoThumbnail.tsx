// The uploaded passport photo as a thumbnail. GET /api/photo/<id> needs the auth token, so the
// image is fetched and shown from an object URL; it loads once the panel is opened.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPhoto } from '../../api/calls.ts';

type State = { kind: 'loading' } | { kind: 'shown'; url: string } | { kind: 'failed' };

export const PhotoThumbnail = ({
  photoId,
  active,
}: {
  photoId: string | null;
  active: boolean;
}) => {
  const { t } = useTranslation('review');
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    if (!active || !photoId) return;
    let current = true;
    let url: string | undefined;
    fetchPhoto(photoId).then(
      (blob) => {
        if (!current) return;
        url = URL.createObjectURL(blob);
        setState({ kind: 'shown', url });
      },
      () => current && setState({ kind: 'failed' }),
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [photoId, active]);
  if (!photoId || state.kind === 'failed')
    return <p className="review__muted">{t('photo.failed')}</p>;
  if (state.kind === 'loading') return <p className="review__muted">{t('photo.loading')}</p>;
  return <img className="review__photo" src={state.url} alt={t('photo.alt')} />;
};
