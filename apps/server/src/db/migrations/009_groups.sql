-- A group application (issue 13): one application row per traveller, each screened and decided on
-- its own; the travellers submitted together share a group number. NULL for a single traveller.
ALTER TABLE application ADD COLUMN group_num text;
CREATE INDEX application_group_num ON application (group_num) WHERE group_num IS NOT NULL;
