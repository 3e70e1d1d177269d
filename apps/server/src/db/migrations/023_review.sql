-- A review of a refusal (issue 30, decision 054): asked once by the traveller within REVIEW_DAYS
-- of the refusal, with a statement and up to three supporting documents; decided by a supervisor
-- who took no part in the refusal. One row per application: a second request is refused.
-- The machine's new state: a refusal whose review was asked.
ALTER TABLE application DROP CONSTRAINT application_state_known;
ALTER TABLE application ADD CONSTRAINT application_state_known CHECK (state IN
  ('submitted', 'screening', 'approved', 'in_review', 'refused', 'info_requested', 'withdrawn',
   'awaiting_payment', 'expired', 'revoked', 'review_requested'));

CREATE TABLE application_review (
  application_id uuid        PRIMARY KEY REFERENCES application (id) ON DELETE CASCADE,
  -- The traveller's statement, as checked by the submission's text rules.
  statement      text        NOT NULL,
  asked_at       timestamptz NOT NULL,
  -- The supervisor who decided it, when, which way, and (upheld) why.
  decided_by     uuid        REFERENCES staff (id),
  decided_at     timestamptz,
  outcome        text        CHECK (outcome IN ('upheld', 'overturned')),
  reason         text,
  CHECK ((decided_at IS NULL) = (outcome IS NULL) AND (decided_at IS NULL) = (decided_by IS NULL))
);
-- The supervisors' queue: reviews waiting, oldest first.
CREATE INDEX application_review_waiting ON application_review (asked_at) WHERE decided_at IS NULL;

-- The supporting documents, each checked by its content and stored only as re-encoded (an image
-- decoded and encoded again, a PDF's pages drawn and written as a new PDF): what the traveller
-- uploaded is never stored nor served back.
CREATE TABLE application_review_document (
  application_id uuid     NOT NULL REFERENCES application_review (application_id) ON DELETE CASCADE,
  position       smallint NOT NULL CHECK (position BETWEEN 1 AND 3),
  media_type     text     NOT NULL CHECK (media_type IN ('application/pdf', 'image/jpeg', 'image/png')),
  content        bytea    NOT NULL,
  PRIMARY KEY (application_id, position)
);
