// The traveller's answer to an officer's question: the one rule of the status page and the server.
import { describe, expect, it } from 'vitest';
import { INFO_ANSWER_MAX_LENGTH, infoAnswerProblem } from '../src/index.ts';

describe('infoAnswerProblem', () => {
  it.each([
    ['', 'answerRequired'],
    ['  \n\t ', 'answerRequired'],
    ['x'.repeat(INFO_ANSWER_MAX_LENGTH + 1), 'tooLong'],
    ['<script>', 'answerCharacters'],
    ['a > b', 'answerCharacters'],
    ['bell \u0007', 'answerCharacters'],
    ['nul \u0000 inside', 'answerCharacters'],
    // Direction controls would let an answer read in another order to the officer.
    ...[
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ].map((mark) => [`Tourism ${mark}gnp.exe`, 'answerCharacters']),
  ])('%j → %s', (answer, problem) => {
    expect(infoAnswerProblem(answer)).toBe(problem);
  });

  it.each([
    ['A conference in Tel Aviv.'],
    ['Line one\nLine two\r\n\tindented'],
    ['Конференция в Тель-Авиве, 3 дня.'],
    ['مؤتمر في تل أبيب'],
    ['כנס בתל אביב'],
    // Right-to-left and left-to-right marks (not overrides) are ordinary in mixed text.
    ['כנס ב-Tel Aviv\u200F'],
    [` ${'x'.repeat(INFO_ANSWER_MAX_LENGTH)} `],
  ])('%j is accepted', (answer) => {
    expect(infoAnswerProblem(answer)).toBeUndefined();
  });
});
