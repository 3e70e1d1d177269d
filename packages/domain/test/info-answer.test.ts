// The traveller's answer to an officer's question: the one rule of the status page and the server.
import { describe, expect, it } from 'vitest';
import { INFO_ANSWER_MAX_LENGTH, infoAnswerProblem } from '../src/index.ts';

describe('infoAnswerProblem', () => {
  it.each([
    ['', 'required'],
    ['  \n\t ', 'required'],
    ['x'.repeat(INFO_ANSWER_MAX_LENGTH + 1), 'tooLong'],
    ['<script>', 'answerCharacters'],
    ['a > b', 'answerCharacters'],
    ['bell \u0007', 'answerCharacters'],
    ['nul \u0000 inside', 'answerCharacters'],
  ])('%j → %s', (answer, problem) => {
    expect(infoAnswerProblem(answer)).toBe(problem);
  });

  it.each([
    ['A conference in Tel Aviv.'],
    ['Line one\nLine two\r\n\tindented'],
    ['Конференция в Тель-Авиве, 3 дня.'],
    ['مؤتمر في تل أبيب'],
    ['כנס בתל אביב'],
    [` ${'x'.repeat(INFO_ANSWER_MAX_LENGTH)} `],
  ])('%j is accepted', (answer) => {
    expect(infoAnswerProblem(answer)).toBeUndefined();
  });
});
