// SPEC §5 "Photo": at most 20 MB; the step holds the id of the uploaded photo.
import { describe, expect, it } from 'vitest';
import { blankDraft, PHOTO_MAX_BYTES, photoFileIssue, photoStep } from '../src/index.ts';
import { context, err, issuesOf, PHOTO_ID } from './fixtures.ts';

describe('§5 Photo', () => {
  it('§5 Photo: a file of exactly 20 MB is accepted', () => {
    expect(PHOTO_MAX_BYTES).toBe(20 * 1024 * 1024);
    expect(photoFileIssue({ size: PHOTO_MAX_BYTES, type: 'image/jpeg' })).toBeUndefined();
  });

  it('§5 Photo: a file one byte over 20 MB is refused with photoTooLarge', () => {
    expect(photoFileIssue({ size: PHOTO_MAX_BYTES + 1, type: 'image/jpeg' })).toBe('photoTooLarge');
  });

  it('JPEG and PNG are accepted, other types refused with photoWrongType', () => {
    expect(photoFileIssue({ size: 1000, type: 'image/png' })).toBeUndefined();
    expect(photoFileIssue({ size: 1000, type: 'image/gif' })).toBe('photoWrongType');
    expect(photoFileIssue({ size: 1000, type: 'application/pdf' })).toBe('photoWrongType');
  });

  it('the step needs an uploaded photo', () => {
    expect(issuesOf(photoStep, { photoId: PHOTO_ID }, blankDraft())).toEqual([]);
    expect(issuesOf(photoStep, { photoId: '' }, blankDraft())).toEqual([
      err('photoId', 'photoRequired'),
    ]);
    expect(issuesOf(photoStep, { photoId: 'not-a-photo-id' }, blankDraft())).toEqual([
      err('photoId', 'photoRequired'),
    ]);
  });

  it('stores the photo id in the bearer, and no id as null', () => {
    expect(photoStep.toDraft({ photoId: PHOTO_ID }, context()).bearerList[0]?.photoId).toBe(
      PHOTO_ID,
    );
    expect(photoStep.toDraft({ photoId: '' }, context()).bearerList[0]?.photoId).toBeNull();
  });
});
