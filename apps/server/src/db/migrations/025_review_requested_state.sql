-- The state of a refusal under review (issue 30): the machine's review_requested. Whichever
-- migration that rewrites this list runs last must leave every state of the domain's machine
-- allowed (005, 016, 019); dropping and adding it again may run more than once.
ALTER TABLE application DROP CONSTRAINT application_state_known;
ALTER TABLE application ADD CONSTRAINT application_state_known CHECK (state IN
  ('submitted', 'screening', 'approved', 'in_review', 'refused', 'info_requested', 'withdrawn',
   'awaiting_payment', 'expired', 'revoked', 'review_requested'));
