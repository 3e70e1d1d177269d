// Passport photo (SPEC §2 /PersonalDetailsImage, §5 "Photo"). The upload itself is
// POST /api/photo; the step holds the photoId the server answered.
import * as z from 'zod/mini';
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '../constants.ts';
import { bearerOf, withBearer } from '../draft.ts';
import type { MessageId } from '../messages.ts';
import { defineStep } from './step.ts';

export interface PhotoValues extends Record<string, string> {
  photoId: string;
}

/** A file the browser may upload: checked again, by its bytes, on the server. */
export const photoFileIssue = (file: { size: number; type: string }): MessageId | undefined => {
  if (file.size > PHOTO_MAX_BYTES) return 'photoTooLarge';
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'photoWrongType';
  return undefined;
};

const PhotoIdSchema = z.object({
  photoId: z.string().check(z.regex(/^[0-9a-f-]{36}$/, { error: 'photoRequired' })),
});

export const photoStep = defineStep<PhotoValues>({
  id: 'photo',
  fields: ['photoId'],
  blank: () => ({ photoId: '' }),
  shape: () => PhotoIdSchema,
  rules: () => [],
  toDraft: (values, { draft }) => withBearer(draft, { photoId: values.photoId || null }),
  fromDraft: (draft) => ({ photoId: bearerOf(draft).photoId ?? '' }),
});
