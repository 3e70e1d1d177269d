-- Corrections before a decision (issue 13): each change a traveller made from the status page,
-- with the value before and after. Deleted with its application by the retention job.
CREATE TABLE application_correction (
  id              bigserial   PRIMARY KEY,
  application_id  uuid        NOT NULL REFERENCES application (id),
  field           text        NOT NULL,
  old_value       text        NOT NULL,
  new_value       text        NOT NULL,
  at              timestamptz NOT NULL
);
CREATE INDEX application_correction_application ON application_correction (application_id, at);
