-- The carriers' boarding check (issue 28, docs/decisions/051-carrier-check.md): airlines' accounts,
-- the record of every check, the lookups a check makes, and the 'revoked' state.

-- A supervisor may revoke an approval. The list keeps the fee's states (issue 27), which its own
-- migration adds: whichever of the two runs last leaves every state allowed.
ALTER TABLE application DROP CONSTRAINT application_state_known;
ALTER TABLE application ADD CONSTRAINT application_state_known CHECK (state IN
  ('submitted', 'screening', 'approved', 'in_review', 'refused', 'info_requested', 'withdrawn',
   'awaiting_payment', 'expired', 'revoked'));

-- An airline (or its ground handler) that checks passengers; only a SHA-256 of its random key is
-- kept. A revoked carrier's key answers 401; replacing the key invalidates the old one at once.
CREATE TABLE carrier (
  id          uuid        PRIMARY KEY,
  name        text        NOT NULL,
  iata_code   text        NOT NULL CHECK (iata_code ~ '^[A-Z0-9]{2,3}$'),
  key_hash    text        NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX carrier_iata_code ON carrier (iata_code);

-- One row per request: the flight, when, and per passenger (in order) the answer given and a
-- keyed hash of the document number (never the number). Kept 90 days (jobs/retention.ts).
CREATE TABLE carrier_check (
  id              uuid        PRIMARY KEY,
  carrier_id      uuid        NOT NULL REFERENCES carrier (id),
  flight_carrier  text        NOT NULL,
  flight_number   text        NOT NULL,
  departure_date  date        NOT NULL,
  departure_from  text        NOT NULL,
  checked_at      timestamptz NOT NULL,
  passengers      integer     NOT NULL,
  results         jsonb       NOT NULL
);
CREATE INDEX carrier_check_checked_at ON carrier_check (checked_at);
CREATE INDEX carrier_check_carrier ON carrier_check (carrier_id, checked_at DESC);

-- A check's lookups, one query each per batch: by document number, then (for the passengers
-- not found) by birth date and issuing country for a near-miss number.
CREATE INDEX application_passport_num ON application (passport_num);
CREATE INDEX application_birth_country ON application (birth_date, passport_country_id);
