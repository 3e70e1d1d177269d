-- A renewal and a new passport (issue 31, decision 057).
-- renewal_link: a link that opens a new application filled in from the last one. Only the SHA-256
-- hash of its random token is kept (the token is only in the e-mail); it works once (used_at),
-- until expires_at (30 days). A new passport from the status page is recorded here too (kind
-- 'newPassport', used at once, no token of its own: its hash is of a random value). session_id is
-- the traveller's session the link opened: the submission of that session is the renewal
-- (renewed_application_id), and for a new passport the application it replaces.
CREATE TABLE renewal_link (
  token_hash             bytea       PRIMARY KEY,
  application_id         uuid        NOT NULL REFERENCES application (id) ON DELETE CASCADE,
  kind                   text        NOT NULL DEFAULT 'renewal'
                                     CONSTRAINT renewal_link_kind_known CHECK (kind IN ('renewal', 'newPassport')),
  email                  text        NOT NULL,
  created_at             timestamptz NOT NULL,
  expires_at             timestamptz NOT NULL,
  used_at                timestamptz,
  session_id             text,
  renewed_application_id uuid        REFERENCES application (id) ON DELETE SET NULL
);
CREATE INDEX renewal_link_application ON renewal_link (application_id);
CREATE INDEX renewal_link_session ON renewal_link (session_id) WHERE renewed_application_id IS NULL;

-- The application a new one replaces (a new passport): it ends only when this one is approved.
ALTER TABLE application ADD COLUMN replaces_application_id uuid REFERENCES application (id) ON DELETE SET NULL;
CREATE INDEX application_replaces ON application (replaces_application_id)
  WHERE replaces_application_id IS NOT NULL;

-- 'replaced': an approval whose authorization ended because a new passport's was approved.
ALTER TABLE application DROP CONSTRAINT application_state_known;
ALTER TABLE application ADD CONSTRAINT application_state_known CHECK (state IN
  ('submitted', 'screening', 'approved', 'in_review', 'refused', 'info_requested', 'withdrawn',
   'awaiting_payment', 'expired', 'revoked', 'review_requested', 'replaced'));
