-- Which reference data the reference tables hold: a hash of the shipped lists, so that a start
-- re-seeds only when a release changed them. One row.
CREATE TABLE reference_version (
  id            boolean     PRIMARY KEY DEFAULT true CHECK (id),
  content_hash  text        NOT NULL,
  updated_at    timestamptz NOT NULL
);
