-- The application's life (issue 10, docs/decisions/017-lifecycle.md): its state, the language
-- its traveller reads, every transition, and the authorization each bearer gets on approval.
-- Existing and new applications start in 'submitted' (the column default).
ALTER TABLE application ADD COLUMN state text NOT NULL DEFAULT 'submitted';
ALTER TABLE application ADD CONSTRAINT application_state_known CHECK (state IN
  ('submitted', 'screening', 'approved', 'in_review', 'refused', 'info_requested', 'withdrawn'));
ALTER TABLE application ADD COLUMN state_changed_at timestamptz;
ALTER TABLE application ADD COLUMN language text NOT NULL DEFAULT 'en';
CREATE INDEX application_state ON application (state);

-- Each move of a state: when, by whom, and why.
CREATE TABLE application_transition (
  id              bigserial   PRIMARY KEY,
  application_id  uuid        NOT NULL REFERENCES application (id),
  from_state      text        NOT NULL,
  to_state        text        NOT NULL,
  at              timestamptz NOT NULL,
  actor_kind      text        NOT NULL CHECK (actor_kind IN ('system', 'traveller', 'staff')),
  actor_id        text,
  reasons         jsonb       NOT NULL,
  note            text
);
CREATE INDEX application_transition_application ON application_transition (application_id, at);

-- One authorization per bearer of an approved application ("authorization" is an SQL keyword).
CREATE TABLE travel_authorization (
  id                   uuid        PRIMARY KEY,
  application_id       uuid        NOT NULL REFERENCES application (id),
  bearer_index         integer     NOT NULL,
  passport_num         text        NOT NULL,
  passport_country_id  integer     NOT NULL,
  valid_from           date        NOT NULL,
  valid_until          date        NOT NULL,
  issued_at            timestamptz NOT NULL,
  UNIQUE (application_id, bearer_index)
);
CREATE INDEX travel_authorization_passport ON travel_authorization (passport_num);
