// The rules of a member of staff's password (docs/decisions/043-staff-lockout-and-passwords.md):
// the server checks all of them at set-up (apps/server/src/office/auth/password-policy.ts), the
// back office's set-up screen checks the length before sending and names the problem the server
// found.

export const MIN_STAFF_PASSWORD_LENGTH = 12;
export const MAX_STAFF_PASSWORD_LENGTH = 256;

/**
 * Why a password is refused: too short or too long; on a list of passwords seen in breaches;
 * or easy to guess (a strength estimate below STAFF_PASSWORD_MIN_SCORE: repeated characters,
 * keyboard runs, words and dates).
 */
const STAFF_PASSWORD_PROBLEMS = ['tooShort', 'tooLong', 'breached', 'guessable'] as const;
export type StaffPasswordProblem = (typeof STAFF_PASSWORD_PROBLEMS)[number];

export const isStaffPasswordProblem = (value: unknown): value is StaffPasswordProblem =>
  STAFF_PASSWORD_PROBLEMS.includes(value as StaffPasswordProblem);

/** zxcvbn's score (0 to 4) a password must reach: 3, "safely unguessable" for online attacks. */
export const STAFF_PASSWORD_MIN_SCORE = 3;
