-- Reminders before an authorization ends (issue 31, docs/decisions/056-expiry-reminders.md).
-- The traveller's consent, ticked on the review page and sent with the submission (a family's
-- covers every traveller); withdrawn from /status with an e-mailed code. Never assumed: false
-- unless asked.
ALTER TABLE application ADD COLUMN reminder_consent boolean NOT NULL DEFAULT false;
-- When a renewal of this application's authorization was submitted (null: none). Set by the
-- renewal's submission (issue 31 item 3); a submitted renewal stops the 7-day reminder.
ALTER TABLE application ADD COLUMN renewal_submitted_at timestamptz;

-- Each reminder sent: one per application, last day of validity and reminder (30 or 7 days
-- before). The job inserts the row in the transaction that queues the e-mail; the key makes a
-- second run, or a second instance at once, send nothing. Purged with its application.
CREATE TABLE application_reminder (
  application_id  uuid        NOT NULL REFERENCES application (id),
  valid_until     date        NOT NULL,
  days_before     smallint    NOT NULL CHECK (days_before IN (30, 7)),
  sent_at         timestamptz NOT NULL,
  PRIMARY KEY (application_id, valid_until, days_before)
);
-- The job's candidates: approved applications with consent.
CREATE INDEX application_reminder_consent ON application (state) WHERE reminder_consent;
