-- Reference lists (SPEC §3), seeded from the shipped reference data at start.
CREATE TABLE reference_item (
  list      text    NOT NULL,
  code      integer NOT NULL,
  position  integer NOT NULL,
  record    jsonb   NOT NULL,
  PRIMARY KEY (list, code)
);

-- Email verification codes: only a keyed hash of the code is kept.
CREATE TABLE email_code (
  id              bigserial   PRIMARY KEY,
  email           text        NOT NULL,
  code_hash       text        NOT NULL,
  sent_at         timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL,
  failed_attempts integer     NOT NULL DEFAULT 0,
  used_at         timestamptz
);
CREATE INDEX email_code_email_sent ON email_code (email, sent_at DESC);

-- Wrong tries per address, for the hourly limit; and addresses blocked after too many.
CREATE TABLE email_code_failure (
  id     bigserial   PRIMARY KEY,
  email  text        NOT NULL,
  at     timestamptz NOT NULL
);
CREATE INDEX email_code_failure_email_at ON email_code_failure (email, at);

CREATE TABLE email_block (
  email          text        PRIMARY KEY,
  blocked_until  timestamptz NOT NULL
);

-- Passport photos, re-encoded and stripped of metadata.
CREATE TABLE photo (
  id            uuid        PRIMARY KEY,
  email         text        NOT NULL,
  content_type  text        NOT NULL,
  bytes         bytea       NOT NULL,
  width         integer     NOT NULL,
  height        integer     NOT NULL,
  created_at    timestamptz NOT NULL
);
CREATE INDEX photo_email ON photo (email);

-- Submitted applications: the whole draft, plus the columns people search by.
CREATE TABLE application (
  id                   uuid        PRIMARY KEY,
  req_num              text        NOT NULL UNIQUE,
  status_id            integer     NOT NULL,
  status               text        NOT NULL,
  email                text        NOT NULL,
  passport_num         text        NOT NULL,
  passport_country_id  integer     NOT NULL,
  first_name           text        NOT NULL,
  last_name            text        NOT NULL,
  birth_date           date        NOT NULL,
  arrival_date         date        NOT NULL,
  photo_id             uuid        REFERENCES photo (id),
  draft                jsonb       NOT NULL,
  created_at           timestamptz NOT NULL
);
CREATE INDEX application_email ON application (email);
CREATE INDEX application_passport ON application (passport_country_id, passport_num);
CREATE INDEX application_names ON application (last_name, first_name);
CREATE INDEX application_birth_date ON application (birth_date);
CREATE INDEX application_arrival_date ON application (arrival_date);
CREATE INDEX application_created_at ON application (created_at);

-- Idempotency keys of submissions: a repeat gets the first answer.
CREATE TABLE idempotency_key (
  key           text        PRIMARY KEY,
  email         text        NOT NULL,
  request_hash  text        NOT NULL,
  status_code   integer,
  response      jsonb,
  created_at    timestamptz NOT NULL
);
CREATE INDEX idempotency_key_created_at ON idempotency_key (created_at);

-- Transactional outbox: mail is queued in the same transaction as what it reports.
CREATE TABLE mail_outbox (
  id               bigserial   PRIMARY KEY,
  kind             text        NOT NULL,
  recipient        text        NOT NULL,
  subject          text        NOT NULL,
  text_body        text        NOT NULL,
  html_body        text        NOT NULL,
  created_at       timestamptz NOT NULL,
  attempts         integer     NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL,
  locked_until     timestamptz,
  sent_at          timestamptz,
  last_error       text
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;

-- The development mailbox (/dev/mailbox) when no SMTP server is configured.
CREATE TABLE dev_mailbox (
  id           bigserial   PRIMARY KEY,
  recipient    text        NOT NULL,
  subject      text        NOT NULL,
  text_body    text        NOT NULL,
  html_body    text        NOT NULL,
  delivered_at timestamptz NOT NULL
);
