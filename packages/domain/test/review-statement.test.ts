// A review's statement is checked as every free text of the status page (freeTextProblem): the
// same characters refused as in an answer to an officer, up to REVIEW_STATEMENT_MAX characters.
import { describe, expect, it } from 'vitest';
import {
  freeTextProblem,
  messageText,
  REVIEW_REQUEST_REFUSAL_MESSAGES,
  REVIEW_STATEMENT_MAX,
  reviewStatementProblem,
} from '../src/index.ts';

describe('reviewStatementProblem', () => {
  it.each([
    ['', 'reviewStatementRequired'],
    [' \n ', 'reviewStatementRequired'],
    ['x'.repeat(REVIEW_STATEMENT_MAX + 1), 'tooLong'],
    ['<b>bold</b>', 'reviewStatementCharacters'],
    ['flip \u202E', 'reviewStatementCharacters'],
  ])('%j → %s', (statement, problem) => {
    expect(reviewStatementProblem(statement)).toBe(problem);
  });

  it.each([
    ['The earlier refusal was my namesake.\nSee the letter attached.'],
    ['הסירוב הקודם היה של אדם אחר בשם זהה.'],
    [` ${'x'.repeat(REVIEW_STATEMENT_MAX)} `],
  ])('%j is accepted', (statement) => {
    expect(reviewStatementProblem(statement)).toBeUndefined();
  });

  it('is the same rule as an answer to an officer, with its own length', () => {
    expect(freeTextProblem('a > b', 10)).toBe('characters');
    expect(freeTextProblem('x'.repeat(11), 10)).toBe('tooLong');
  });

  it('a late or second request says what else can be done: a visa', () => {
    for (const id of [
      REVIEW_REQUEST_REFUSAL_MESSAGES.tooLate,
      REVIEW_REQUEST_REFUSAL_MESSAGES.alreadyReviewed,
    ]) {
      expect(messageText(id)).toMatch(/visa at an Israeli embassy or consulate/);
    }
    expect(messageText('reviewDocumentTooLarge')).toBe(
      'A supporting document may be at most 10 MB.',
    );
  });
});
