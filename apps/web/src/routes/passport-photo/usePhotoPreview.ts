// The preview of the passport photo: the file just chosen, or the photo stored on the server when
// the traveller comes back (GET /api/photo/<id> needs the auth token, so it is fetched as a blob).
// Object URLs are revoked when replaced and when the screen closes.
import { useEffect, useRef, useState } from 'react';
import { ApiError, fetchPhoto } from '../../api/calls.ts';

export const usePhotoPreview = (storedPhotoId: string, onStoredMissing: () => void) => {
  const [url, setUrl] = useState<string>();
  const replaced = useRef(false);
  const missing = useRef(onStoredMissing);
  missing.current = onStoredMissing;

  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  useEffect(() => {
    if (!storedPhotoId) return;
    let live = true;
    fetchPhoto(storedPhotoId).then(
      (blob) => {
        if (live && !replaced.current) setUrl(URL.createObjectURL(blob));
      },
      (error: unknown) => {
        // Not found: the photo must be uploaded again. Otherwise the preview is simply missing.
        if (live && !replaced.current && error instanceof ApiError && error.status === 404) {
          missing.current();
        }
      },
    );
    return () => {
      live = false;
    };
  }, [storedPhotoId]);

  const show = (file: Blob) => {
    replaced.current = true;
    setUrl(URL.createObjectURL(file));
  };
  return { url, show };
};
