-- "Save and continue later" (issue 13, decision 033): a draft saved from a step, encrypted
-- (AES-256-GCM under a key derived from AUTH_SECRET), reached by a link whose token is stored
-- only as its SHA-256 hash. Deleted when resumed, or by the retention job 7 days after it was
-- saved. photo_ids are the photos the draft points at: they are kept while it lives.
CREATE TABLE saved_application (
  token_hash  bytea       PRIMARY KEY,
  email       text        NOT NULL,
  sealed      bytea       NOT NULL,
  photo_ids   uuid[]      NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX saved_application_email ON saved_application (email);
CREATE INDEX saved_application_expires ON saved_application (expires_at);
CREATE INDEX saved_application_photos ON saved_application USING gin (photo_ids);
