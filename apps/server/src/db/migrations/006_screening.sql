-- Automated screening (issue 10, docs/decisions/016-screening.md): what each bearer's screening
-- found, kept for the officer who reviews a referred application.
CREATE TABLE screening_result (
  application_id  uuid        NOT NULL REFERENCES application (id),
  bearer_index    integer     NOT NULL,
  outcome         text        NOT NULL CHECK (outcome IN ('approve', 'refer')),
  hits            jsonb       NOT NULL,
  rules_checked   jsonb       NOT NULL,
  screened_at     timestamptz NOT NULL,
  PRIMARY KEY (application_id, bearer_index)
);
