-- Re-screening after a correction (issue 13): a traveller who corrects the arrival date of an
-- application an officer already has asks for it to be screened again (the passport's validity
-- and the visit's end are checked against that date). Set by the correction, cleared by the
-- screening job once the case's screening results are renewed.
ALTER TABLE application ADD COLUMN rescreen_due_at timestamptz;
CREATE INDEX application_rescreen_due ON application (rescreen_due_at)
  WHERE rescreen_due_at IS NOT NULL;
