// The browser side of 'Adjust the photo': the chosen file decoded upright (its EXIF orientation
// applied, as the quality check and the server do), and the framed area made into a new JPEG.
import { useEffect, useState } from 'react';
import { drawFramed, type Framing, outputSize, type Size } from './photoFrame.ts';

export type DecodedPhoto = { image: ImageBitmap; size: Size };

/** The photo decoded, `null` where this browser cannot decode it, undefined while it decodes. */
export const useDecodedPhoto = (file: Blob): DecodedPhoto | null | undefined => {
  const [decoded, setDecoded] = useState<DecodedPhoto | null>();
  useEffect(() => {
    if (typeof createImageBitmap !== 'function') {
      setDecoded(null);
      return;
    }
    let live = true;
    let image: ImageBitmap | undefined;
    createImageBitmap(file, { imageOrientation: 'from-image' }).then(
      (bitmap) => {
        image = bitmap;
        if (live) setDecoded({ image, size: { width: bitmap.width, height: bitmap.height } });
        else bitmap.close();
      },
      () => live && setDecoded(null),
    );
    return () => {
      live = false;
      image?.close();
    };
  }, [file]);
  return decoded;
};

/** A JPEG of the framed area, named after the chosen file; undefined if the browser cannot make one. */
export const framedPhoto = async (
  { image, size }: DecodedPhoto,
  framing: Framing,
  name: string,
): Promise<File | undefined> => {
  const out = outputSize(size, framing);
  const canvas = document.createElement('canvas');
  Object.assign(canvas, out);
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  // White under a transparent PNG: JPEG has no transparency and would make it black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, out.width, out.height);
  context.imageSmoothingQuality = 'high';
  drawFramed(context, image, size, framing, out);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', 0.92),
  );
  if (!blob) return undefined;
  return new File([blob], `${name.replace(/\.[^.]*$/, '')}-adjusted.jpg`, { type: 'image/jpeg' });
};
