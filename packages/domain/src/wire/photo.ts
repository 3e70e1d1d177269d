// POST /api/photo's answer (a multipart upload of one file), declared once for the server and the
// web app. GET /api/photo/:id answers the JPEG's bytes.

/** 200: the stored photo's id, for the draft's bearer, and its size after scaling. */
export interface PhotoStored {
  photoId: string;
  width: number;
  height: number;
}
