-- The carriers' boarding check answered from the indexes alone (issue 28's benchmark,
-- bench/carrier-checks.ts): with 1,000,000 applications the rows are ~2 KB each (the draft), so a
-- batch of 100 passengers read ~100 scattered table pages, then one more per authorization.
-- Each index below carries what its lookup reads, so that a vacuumed table is not visited
-- (an index-only scan), and replaces the plain index of 019 that it widens.

-- By document number (a batch's first query); still the index of every passport_num look-up.
DROP INDEX application_passport_num;
CREATE INDEX application_passport_num ON application (passport_num)
  INCLUDE (passport_country_id, birth_date, state, first_name, last_name, created_at, id);

-- By birth date and issuing country, for a near-miss number (only passengers not found).
DROP INDEX application_birth_country;
CREATE INDEX application_birth_country ON application (birth_date, passport_country_id)
  INCLUDE (passport_num, last_name, state);

-- An approved application's authorization: until when it holds.
CREATE INDEX travel_authorization_validity ON travel_authorization (application_id)
  INCLUDE (valid_until);
