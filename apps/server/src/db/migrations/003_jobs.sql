-- Mail waiting for delivery by the job queue (pg-boss, docs/decisions/014-retention.md). A row is
-- written in the same transaction as what it reports; the relay then files a pg-boss job whose id
-- is `job_id`, so filing it twice files it once. The row is deleted once the mail is delivered:
-- no plain code outlives its delivery. A row given up (dead letter) keeps its error, without the
-- text of a code mail, until retention removes it.
CREATE TABLE mail_message (
  id          bigserial   PRIMARY KEY,
  job_id      uuid        NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  kind        text        NOT NULL,
  recipient   text        NOT NULL,
  subject     text        NOT NULL,
  text_body   text        NOT NULL,
  html_body   text        NOT NULL,
  created_at  timestamptz NOT NULL,
  queued_at   timestamptz,
  attempts    integer     NOT NULL DEFAULT 0,
  last_error  text,
  dead_at     timestamptz
);
CREATE INDEX mail_message_unqueued ON mail_message (id) WHERE queued_at IS NULL;
CREATE INDEX mail_message_dead ON mail_message (dead_at) WHERE dead_at IS NOT NULL;

-- Mail the old outbox had not delivered yet moves over; the relay files it at the next start.
INSERT INTO mail_message (kind, recipient, subject, text_body, html_body, created_at)
  SELECT kind, recipient, subject, text_body, html_body, created_at
  FROM mail_outbox WHERE sent_at IS NULL ORDER BY id;
DROP TABLE mail_outbox;

-- Indexes the retention purges search by.
CREATE INDEX photo_created_at ON photo (created_at);
CREATE INDEX application_photo ON application (photo_id);
CREATE INDEX email_code_expires_at ON email_code (expires_at);
CREATE INDEX email_code_failure_at ON email_code_failure (at);
CREATE INDEX email_block_blocked_until ON email_block (blocked_until);
CREATE INDEX dev_mailbox_delivered_at ON dev_mailbox (delivered_at);
