// A review's supporting documents (issue 30): each is judged by its content, never by its name or
// declared type (file-type reads the bytes), and only a PDF, JPEG or PNG is taken. Nothing the
// traveller sent is kept: an image is decoded and encoded again by sharp (no metadata survives,
// the EXIF orientation applied first), a PDF is redrawn page by page (./review-pdf.ts). A file
// that claims to be one thing and is another, or that does not decode whole, is refused.
import {
  REVIEW_DOCUMENT_TYPES,
  type ReviewDocumentProblem,
  type ReviewDocumentType,
} from '@eta-il/domain';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { redrawPdf } from './review-pdf.ts';

/** A decompression-bomb guard: far above any scanned page or photographed letter. */
const MAX_INPUT_PIXELS = 50_000_000;
/** The longer edge of a stored image: enough to read a scanned page. */
const MAX_EDGE = 3000;

export interface ReviewDocument {
  mediaType: ReviewDocumentType;
  content: Buffer;
}

const isReviewDocumentType = (mime: string): mime is ReviewDocumentType =>
  (REVIEW_DOCUMENT_TYPES as readonly string[]).includes(mime);

/** The image decoded whole and encoded again in its own format, with no metadata. */
const reencodeImage = async (bytes: Buffer, mediaType: 'image/jpeg' | 'image/png') => {
  // failOn 'warning': a JPEG cut short decodes with a warning (grey rows), and is refused.
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' })
    .rotate()
    .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true });
  const encoded =
    mediaType === 'image/jpeg'
      ? image.jpeg({ quality: 88, mozjpeg: true })
      : image.png({ compressionLevel: 9 });
  return encoded.toBuffer();
};

/** The document as it will be stored, or why it is refused. */
export const reencodeDocument = async (
  bytes: Buffer,
): Promise<
  { ok: true; document: ReviewDocument } | { ok: false; problem: ReviewDocumentProblem }
> => {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !isReviewDocumentType(type.mime))
    return { ok: false, problem: 'reviewDocumentType' };
  const mediaType = type.mime;
  if (mediaType === 'application/pdf') {
    const redrawn = await redrawPdf(bytes);
    if (!redrawn.ok) {
      return {
        ok: false,
        problem:
          redrawn.problem === 'tooManyPages' ? 'reviewPdfTooManyPages' : 'reviewDocumentUnreadable',
      };
    }
    return { ok: true, document: { mediaType, content: redrawn.pdf } };
  }
  try {
    return { ok: true, document: { mediaType, content: await reencodeImage(bytes, mediaType) } };
  } catch {
    return { ok: false, problem: 'reviewDocumentUnreadable' };
  }
};
