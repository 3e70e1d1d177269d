-- Issue 26: a traveller's session ends when it submits its application. One row per revoked
-- session, keyed by the session's id (an HMAC of its address and auth_time under AUTH_SECRET;
-- never the token), written in the transaction that stores the application and kept until the
-- session's absolute end (expires_at), after which the retention job removes it.
CREATE TABLE revoked_session (
  session_id  text        PRIMARY KEY,
  revoked_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX revoked_session_expires ON revoked_session (expires_at);

-- Staff columns nothing uses since migration 013: lock-outs are counted per address and source in
-- staff_sign_in_throttle, and TOTP secrets are sealed in totp_sealed. The office app sealed every
-- clear secret when it first started after 013; a database that still holds one has not run that
-- version, and dropping the column would lose the secret, so the migration stops and says so.
DO $$ BEGIN IF EXISTS (SELECT 1 FROM staff WHERE totp_secret IS NOT NULL) THEN RAISE EXCEPTION 'staff.totp_secret still holds TOTP secrets in the clear: start a version from before migration 017 once (its office app seals them), then this one'; END IF; END $$;
ALTER TABLE staff DROP COLUMN totp_secret;
ALTER TABLE staff DROP COLUMN failed_sign_ins;
ALTER TABLE staff DROP COLUMN locked_until;
