-- The fee (issue 27, docs/decisions/049-the-fee.md). An application whose fee is due is stored in
-- 'awaiting_payment' and is neither screened nor shown to officers until a payment provider
-- confirms the payment; unpaid after 7 days it becomes 'expired'. A family pays once, under its
-- group number (fee_reference); one traveller pays under the application's own number.
ALTER TABLE application DROP CONSTRAINT application_state_known;
ALTER TABLE application ADD CONSTRAINT application_state_known CHECK (state IN
  ('awaiting_payment', 'submitted', 'screening', 'approved', 'in_review', 'refused',
   'info_requested', 'withdrawn', 'expired'));
-- The number the fee is paid under (group_num or req_num); null when the fee was waived.
ALTER TABLE application ADD COLUMN fee_reference text;
-- When the one reminder to pay went (null: not yet).
ALTER TABLE application ADD COLUMN payment_reminded_at timestamptz;
CREATE INDEX application_fee_reference ON application (fee_reference);

-- One payment attempt: a session at the provider for the fee of one reference. At most one is
-- open per reference (the traveller's second click reuses it); a second one paid is refunded.
CREATE TABLE payment (
  id                   uuid        PRIMARY KEY,
  reference            text        NOT NULL,
  provider             text        NOT NULL,
  provider_session_id  text,
  provider_payment_id  text,
  url                  text,
  amount_minor         integer     NOT NULL CHECK (amount_minor > 0),
  currency             text        NOT NULL,
  status               text        NOT NULL CHECK (status IN ('open', 'paid', 'expired', 'refunded')),
  created_at           timestamptz NOT NULL,
  paid_at              timestamptz,
  UNIQUE (provider, provider_session_id)
);
CREATE INDEX payment_reference ON payment (reference, created_at DESC);
CREATE UNIQUE INDEX payment_one_open_per_reference ON payment (reference) WHERE status = 'open';
CREATE INDEX payment_paid_at ON payment (paid_at) WHERE paid_at IS NOT NULL;

-- Every event a provider sent, once: its id is the key, so a repeated event changes nothing.
-- outcome: applied | repeated-payment-refunded | unknown-session | ignored
CREATE TABLE payment_event (
  provider     text        NOT NULL,
  id           text        NOT NULL,
  type         text        NOT NULL,
  received_at  timestamptz NOT NULL,
  session_id   text,
  payment_id   uuid        REFERENCES payment (id),
  outcome      text        NOT NULL,
  PRIMARY KEY (provider, id)
);
CREATE INDEX payment_event_received_at ON payment_event (received_at);

-- Money given back: automatically for a second payment of what was already paid, or by a
-- supervisor from the case (reason required, audited). One full refund per payment.
CREATE TABLE refund (
  id                  uuid        PRIMARY KEY,
  payment_id          uuid        NOT NULL UNIQUE REFERENCES payment (id),
  provider_refund_id  text,
  amount_minor        integer     NOT NULL,
  currency            text        NOT NULL,
  reason              text        NOT NULL,
  requested_by        text        NOT NULL,
  created_at          timestamptz NOT NULL
);
CREATE INDEX refund_created_at ON refund (created_at);

-- The development provider's own sessions (PAYMENT_PROVIDER=dev, never in production): what a
-- provider would hold on its side, kept here so that /dev/pay survives a restart, as dev_mailbox
-- does for mail. Nothing of ours reads it but payments/dev-provider.ts.
CREATE TABLE dev_payment_session (
  id            text        PRIMARY KEY,
  payment_id    uuid        NOT NULL UNIQUE,
  reference     text        NOT NULL,
  amount_minor  integer     NOT NULL,
  currency      text        NOT NULL,
  success_url   text        NOT NULL,
  cancel_url    text        NOT NULL,
  status        text        NOT NULL CHECK (status IN ('open', 'paid', 'expired')),
  payment_ref   text,
  created_at    timestamptz NOT NULL
);
-- The development provider's refunds: the same key twice refunds once.
CREATE TABLE dev_payment_refund (
  idempotency_key  text        PRIMARY KEY,
  id               text        NOT NULL,
  payment_ref      text        NOT NULL,
  created_at       timestamptz NOT NULL
);
