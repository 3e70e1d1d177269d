-- Staff sign-in hardening (issue 26, docs/decisions/043-staff-lockout-and-passwords.md).
--
-- TOTP secrets at rest: sealed with AES-256-GCM under a key derived from AUTH_SECRET, bound to
-- the staff member's id (office/credentials.ts). SQL cannot reach AUTH_SECRET, so the secrets
-- still in the clear are sealed by the office app when it starts (sealClearTotpSecrets), and
-- totp_secret is emptied; no code reads it any more.
ALTER TABLE staff ADD COLUMN totp_sealed bytea;

-- Failed sign-ins are counted per address and source (the client's IP, an IPv6 /64), not per
-- account, so that nobody can lock a member of staff out from elsewhere, and an unknown address
-- is counted like a known one. Each attempt takes its slot with one conditional upsert before its
-- password and code are checked; the fifth slot starts a lock, doubled at each lock in a row.
CREATE TABLE staff_sign_in_throttle (
  email         text        NOT NULL,
  source        text        NOT NULL,
  attempts      integer     NOT NULL,
  lockouts      integer     NOT NULL DEFAULT 0,
  locked_until  timestamptz,
  last_at       timestamptz NOT NULL,
  PRIMARY KEY (email, source)
);
CREATE INDEX staff_sign_in_throttle_last ON staff_sign_in_throttle (last_at);
