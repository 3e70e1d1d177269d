-- Request counters shared by every instance (@fastify/rate-limit's store, when REDIS_URL is not
-- set): one row per limit and client, its count and the end of its window. UNLOGGED: a counter
-- is worth no WAL flush per request, and losing the counts in a crash only opens the windows anew.
CREATE UNLOGGED TABLE rate_limit (
  key       text        PRIMARY KEY,
  hits      integer     NOT NULL,
  reset_at  timestamptz NOT NULL
);
CREATE INDEX rate_limit_reset_at ON rate_limit (reset_at);

-- Code limits per client (the IP address as the server sees it), so that a stranger's sends and
-- wrong tries count against the stranger, not against the traveller (decision 002).
ALTER TABLE email_code ADD COLUMN client text NOT NULL DEFAULT '';
CREATE INDEX email_code_client_sent ON email_code (client, sent_at);
CREATE INDEX email_code_email_client_sent ON email_code (email, client, sent_at DESC);

ALTER TABLE email_code_failure ADD COLUMN client text NOT NULL DEFAULT '';
DROP INDEX email_code_failure_email_at;
CREATE INDEX email_code_failure_email_client_at ON email_code_failure (email, client, at);

ALTER TABLE email_block ADD COLUMN client text NOT NULL DEFAULT '';
ALTER TABLE email_block DROP CONSTRAINT email_block_pkey;
ALTER TABLE email_block ADD PRIMARY KEY (email, client);
