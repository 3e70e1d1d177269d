-- Refunds the provider could not make at once are tried again by the refund-retries job
-- (jobs/retry-refunds.ts, docs/operations.md): with backoff, always under the refund's one
-- Idempotency-Key, each attempt recorded, given up after a bound.
-- Attempts made so far (the first is made as soon as the refund is recorded).
ALTER TABLE refund ADD COLUMN attempts integer NOT NULL DEFAULT 0;
-- When the job may try again; null: at once.
ALTER TABLE refund ADD COLUMN next_attempt_at timestamptz;
-- While an attempt is in flight no other starts before this time (an attempt cut short by a crash
-- is taken up again once it has passed).
ALTER TABLE refund ADD COLUMN claimed_until timestamptz;
-- When the provider confirmed it.
ALTER TABLE refund ADD COLUMN refunded_at timestamptz;
-- When the job stopped trying (its last attempt failed): an operator acts.
ALTER TABLE refund ADD COLUMN given_up_at timestamptz;
CREATE INDEX refund_pending ON refund (next_attempt_at)
  WHERE provider_refund_id IS NULL AND given_up_at IS NULL;

-- Each attempt and what became of it: refunded; unavailable (no answer: an outage, or an answer
-- lost); refused (the provider said no). No outcome: the attempt was cut short before it learnt one.
CREATE TABLE refund_attempt (
  refund_id    uuid        NOT NULL REFERENCES refund (id) ON DELETE CASCADE,
  attempt      integer     NOT NULL,
  started_at   timestamptz NOT NULL,
  finished_at  timestamptz,
  outcome      text        CHECK (outcome IN ('refunded', 'unavailable', 'refused')),
  -- What the provider's error was, by kind and code (never its message, nor any key).
  detail       text,
  PRIMARY KEY (refund_id, attempt)
);
