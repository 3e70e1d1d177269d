// The screening's figures, measured and explained in docs/decisions/016-screening.md.

/** A name at least this alike to a watchlist name (0–1) is a candidate match. */
export const NAME_MATCH_THRESHOLD = 0.9;

/**
 * A listed person whose exact birth date or one of whose countries the bearer does not share
 * (the name alone is the evidence) must be at least this alike to count.
 */
export const NAME_MATCH_THRESHOLD_UNCORROBORATED = 0.95;

/** Each paired token must be at least this alike, or the name scores no more than that pair. */
export const TOKEN_MIN_SIMILARITY = 0.8;

/** A one-token name compared with a longer one keeps this share of its similarity. */
export const SINGLE_TOKEN_FACTOR = 0.85;

/**
 * The passport must be valid until the end of the visit (SPEC §2 "Passport details" hint): the
 * longest stay of each length-of-stay code, in days. Unknown codes count as the 90-day maximum.
 */
export const STAY_DAYS_BY_LENGTH_CODE: Readonly<Record<number, number>> = {
  1: 7,
  2: 14,
  3: 30,
  4: 61,
  5: 90,
  6: 90,
};
