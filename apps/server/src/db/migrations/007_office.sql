-- The officers' back office (issue 11, docs/decisions/018-back-office.md): staff and their
-- sessions, case claims, refusals waiting for a supervisor, information requests, and the audit
-- trail that cannot be rewritten.
--
-- The migration runner splits files at a ';' that ends a line, so every statement inside a $$
-- function body ends its line with a short comment instead.

CREATE TABLE staff (
  id                uuid        PRIMARY KEY,
  email             text        NOT NULL UNIQUE,
  role              text        NOT NULL CHECK (role IN ('officer', 'supervisor', 'auditor', 'admin')),
  password_hash     text,
  totp_secret       text,
  totp_last_step    bigint,
  setup_token_hash  text        UNIQUE,
  setup_expires_at  timestamptz,
  failed_sign_ins   integer     NOT NULL DEFAULT 0,
  locked_until      timestamptz,
  disabled          boolean     NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL
);

-- Server-side sessions: the cookie holds a random id, the table its SHA-256.
CREATE TABLE staff_session (
  id_hash       text        PRIMARY KEY,
  staff_id      uuid        NOT NULL REFERENCES staff (id),
  created_at    timestamptz NOT NULL,
  last_seen_at  timestamptz NOT NULL
);
CREATE INDEX staff_session_staff ON staff_session (staff_id);

-- One officer works a case at a time.
CREATE TABLE case_claim (
  application_id  uuid        PRIMARY KEY REFERENCES application (id),
  staff_id        uuid        NOT NULL REFERENCES staff (id),
  claimed_at      timestamptz NOT NULL
);

-- A refusal proposed and waiting for a different supervisor (four eyes).
CREATE TABLE pending_refusal (
  application_id  uuid        PRIMARY KEY REFERENCES application (id),
  proposed_by     uuid        NOT NULL REFERENCES staff (id),
  reasons         jsonb       NOT NULL,
  note            text        NOT NULL,
  proposed_at     timestamptz NOT NULL
);

-- What an officer asked the traveller, and the answer when it comes.
CREATE TABLE info_request (
  id              bigserial   PRIMARY KEY,
  application_id  uuid        NOT NULL REFERENCES application (id),
  asked_by        uuid        NOT NULL REFERENCES staff (id),
  reasons         jsonb       NOT NULL,
  question        text        NOT NULL,
  asked_at        timestamptz NOT NULL,
  answer          text,
  answered_at     timestamptz
);
CREATE INDEX info_request_application ON info_request (application_id, asked_at);

-- The audit trail. Each row holds the hash of the row before it (prev_hash) and its own hash:
-- SHA-256 over the previous hash and the row's canonical content (audit_event_digest). The
-- insert trigger takes the chain head row FOR UPDATE, so concurrent inserts queue and the chain
-- never forks; seq is the position in the chain.
CREATE TABLE audit_head (
  id         boolean PRIMARY KEY DEFAULT true CHECK (id),
  rows       bigint  NOT NULL,
  last_hash  text    NOT NULL
);
INSERT INTO audit_head (id, rows, last_hash) VALUES (true, 0, repeat('0', 64));

CREATE TABLE audit_event (
  seq             bigint      PRIMARY KEY,
  at              timestamptz NOT NULL,
  staff_id        uuid,
  actor           text        NOT NULL,
  action          text        NOT NULL,
  application_id  uuid,
  client          text        NOT NULL,
  details         jsonb       NOT NULL,
  prev_hash       text        NOT NULL,
  hash            text        NOT NULL
);
CREATE INDEX audit_event_application ON audit_event (application_id, seq);

CREATE FUNCTION audit_event_digest(prev text, e audit_event) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(prev || jsonb_build_array(
    e.seq, to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), e.staff_id,
    e.actor, e.action, e.application_id, e.client, e.details)::text, 'UTF8')), 'hex')
$$;

CREATE FUNCTION audit_event_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head audit_head%ROWTYPE; -- the chain head, locked until this transaction ends
BEGIN
  SELECT * INTO head FROM audit_head WHERE id FOR UPDATE; -- concurrent inserts wait here
  NEW.seq := head.rows + 1; -- the next link
  NEW.prev_hash := head.last_hash; -- the link before it
  NEW.hash := audit_event_digest(head.last_hash, NEW); -- this link
  UPDATE audit_head SET rows = NEW.seq, last_hash = NEW.hash WHERE id; -- the new head
  RETURN NEW; -- stored as computed
END
$$;

CREATE TRIGGER audit_event_chain BEFORE INSERT ON audit_event
  FOR EACH ROW EXECUTE FUNCTION audit_event_chain();

CREATE FUNCTION audit_event_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_event is append-only: % refused', TG_OP USING ERRCODE = '42501'; -- always
END
$$;

CREATE TRIGGER audit_event_no_change BEFORE UPDATE OR DELETE ON audit_event
  FOR EACH ROW EXECUTE FUNCTION audit_event_append_only();
CREATE TRIGGER audit_event_no_truncate BEFORE TRUNCATE ON audit_event
  FOR EACH STATEMENT EXECUTE FUNCTION audit_event_append_only();
