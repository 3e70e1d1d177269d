-- Codes bound to what they confirm (decision 048): the purpose a code was sent for (signUp,
-- resume, withdraw, correct, answer) and its subject (the application a status change is for, the
-- saved draft a resume code is for; empty for sign-up). A code confirms only its own purpose and
-- subject. Codes sent before this migration were all sign-up codes of the code step.
ALTER TABLE email_code ADD COLUMN purpose text NOT NULL DEFAULT 'signUp';
ALTER TABLE email_code ADD COLUMN subject text NOT NULL DEFAULT '';
CREATE INDEX email_code_email_purpose_subject_sent
  ON email_code (email, purpose, subject, sent_at DESC);
