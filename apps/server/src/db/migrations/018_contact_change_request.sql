-- A traveller who can no longer read an application's contact address asks an officer to move it
-- (decision 047): the new address (proven by a code sent to it), the passport's two MRZ lines as
-- given (already checked against the stored passport), and the officer's decision. At most one
-- pending request per application. Deleted with its application by the retention job.
CREATE TABLE contact_change_request (
  id              uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id  uuid        NOT NULL REFERENCES application (id),
  new_email       text        NOT NULL,
  mrz_line1       text        NOT NULL,
  mrz_line2       text        NOT NULL,
  requested_at    timestamptz NOT NULL,
  status          text        NOT NULL DEFAULT 'pending'
                              CHECK (status IN ('pending', 'accepted', 'rejected')),
  decided_by      uuid        REFERENCES staff (id),
  decided_at      timestamptz,
  reason          text
);
CREATE UNIQUE INDEX contact_change_request_one_open
  ON contact_change_request (application_id) WHERE status = 'pending';
CREATE INDEX contact_change_request_queue ON contact_change_request (status, requested_at);
