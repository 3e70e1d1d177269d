-- One stored state (issue 29): `state` (migration 005) is the application's state, and the
-- stored draft's reqStatusId mirrors it for the SPEC's jsonForm. The status_id and status columns
-- of 001 were written beside it on every move and read by nothing; they go.
-- An instance of an older build writes them: stop those before this migration applies.
ALTER TABLE application DROP COLUMN status_id;
ALTER TABLE application DROP COLUMN status;
