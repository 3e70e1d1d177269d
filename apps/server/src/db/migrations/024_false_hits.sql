-- False hits cleared once (issue 30 item 4, decision 055): an officer marks a watchlist hit "not
-- this person" with a reason; a different supervisor confirms or rejects it; a supervisor may
-- withdraw a confirmed mark. A mark is kept for one listed entry, as the list last changed it,
-- and one traveller (passport number normalized, issuing country, birth date): it outlives the
-- application it was made on, which is only named (and forgotten when that application is purged).
CREATE TABLE false_hit_mark (
  id                 uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  entry_id           text        NOT NULL,
  -- The entry's last_change the officer saw ('' when the list gives none): a later change expires it.
  entry_last_change  text        NOT NULL,
  passport_number    text        NOT NULL CHECK (passport_number <> ''),
  issuing_country_id integer     NOT NULL,
  birth_date         text        NOT NULL CHECK (birth_date <> ''),
  reason             text        NOT NULL,
  application_id     uuid        REFERENCES application (id) ON DELETE SET NULL,
  bearer_index       integer     NOT NULL,
  marked_by          uuid        NOT NULL REFERENCES staff (id),
  marked_at          timestamptz NOT NULL,
  confirmed_by       uuid        REFERENCES staff (id),
  confirmed_at       timestamptz,
  rejected_by        uuid        REFERENCES staff (id),
  rejected_at        timestamptz,
  rejected_reason    text,
  withdrawn_by       uuid        REFERENCES staff (id),
  withdrawn_at       timestamptz,
  withdrawn_reason   text,
  CHECK ((confirmed_at IS NULL) = (confirmed_by IS NULL)),
  CHECK ((rejected_at IS NULL) = (rejected_by IS NULL)),
  CHECK ((withdrawn_at IS NULL) = (withdrawn_by IS NULL)),
  -- Proposed → confirmed | rejected; only a confirmed mark is withdrawn.
  CHECK (confirmed_at IS NULL OR rejected_at IS NULL),
  CHECK (withdrawn_at IS NULL OR confirmed_at IS NOT NULL),
  -- Four eyes: the supervisor who confirms or rejects did not mark it.
  CHECK (confirmed_by IS DISTINCT FROM marked_by AND rejected_by IS DISTINCT FROM marked_by)
);
-- One live mark (proposed or confirmed) per entry version and traveller.
CREATE UNIQUE INDEX false_hit_mark_live
  ON false_hit_mark (entry_id, entry_last_change, passport_number, issuing_country_id, birth_date)
  WHERE rejected_at IS NULL AND withdrawn_at IS NULL;
-- Screening's look-up: the confirmed, standing marks of an application's passports.
CREATE INDEX false_hit_mark_sparing
  ON false_hit_mark (passport_number)
  WHERE confirmed_at IS NOT NULL AND withdrawn_at IS NULL;
-- The case view's look-up: every mark of a traveller, whatever its state.
CREATE INDEX false_hit_mark_traveller ON false_hit_mark (passport_number, issuing_country_id, birth_date);
CREATE INDEX false_hit_mark_application ON false_hit_mark (application_id);
