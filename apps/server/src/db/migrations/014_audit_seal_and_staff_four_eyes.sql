-- The audit trail sealed by a key the database does not hold (docs/decisions/044-audit-seal.md).
-- Each row carries mac: HMAC-SHA256 under AUDIT_KEY of the mac of the row before it and the row's
-- content, computed by the server (audit/seal.ts) while it holds the chain head. The head keeps
-- the last mac so that the next row can be sealed. Rows written before this migration have none:
-- they stay covered by the hash chain only, and only as the chain's beginning.
ALTER TABLE audit_event ADD COLUMN mac text;
ALTER TABLE audit_head ADD COLUMN last_mac text;

CREATE OR REPLACE FUNCTION audit_event_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head audit_head%ROWTYPE; -- the chain head, locked until this transaction ends
BEGIN
  SELECT * INTO head FROM audit_head WHERE id FOR UPDATE; -- concurrent inserts wait here
  NEW.seq := head.rows + 1; -- the next link
  NEW.prev_hash := head.last_hash; -- the link before it
  NEW.hash := audit_event_digest(head.last_hash, NEW); -- this link
  UPDATE audit_head SET rows = NEW.seq, last_hash = NEW.hash, last_mac = COALESCE(NEW.mac, last_mac) WHERE id; -- the new head
  RETURN NEW; -- stored as computed
END
$$;

-- Four eyes on staff accounts (docs/decisions/045-staff-four-eyes.md): who created an account,
-- and, for a supervisor or an admin, the second admin who confirmed it. An account awaiting
-- confirmation has no set-up link yet and cannot sign in.
ALTER TABLE staff ADD COLUMN created_by uuid REFERENCES staff (id);
ALTER TABLE staff ADD COLUMN awaiting_confirmation boolean NOT NULL DEFAULT false;
ALTER TABLE staff ADD COLUMN confirmed_by uuid REFERENCES staff (id);
