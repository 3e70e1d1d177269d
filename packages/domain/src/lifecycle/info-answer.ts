// The traveller's answer to an officer's question, written on the status page: one rule for the
// page and the server. Free text in any script, line breaks allowed; no control characters and no
// markup characters (< >), as everywhere in the record (decision 013), and no direction controls
// (U+202A-U+202E, U+2066-U+2069), which would make the officer read the answer in another order.
import type { MessageId } from '../messages.ts';

export const INFO_ANSWER_MAX_LENGTH = 2000;
const ANSWER_TEXT = /^(?:[^\p{Cc}<>\u202A-\u202E\u2066-\u2069]|[\n\r\t])*$/u;

export type InfoAnswerProblem = Extract<
  MessageId,
  'answerRequired' | 'tooLong' | 'answerCharacters'
>;

/** What is wrong with a traveller's free text: nothing written, too long, or a refused character. */
export type FreeTextProblem = 'empty' | 'tooLong' | 'characters';

/**
 * The one rule of every free text a traveller writes on the status page (an answer to an officer,
 * a review's statement): judged after trimming, at most `max` characters, the characters above.
 */
export const freeTextProblem = (text: string, max: number): FreeTextProblem | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return 'empty';
  if (trimmed.length > max) return 'tooLong';
  if (!ANSWER_TEXT.test(trimmed)) return 'characters';
  return undefined;
};

const ANSWER_PROBLEMS: Record<FreeTextProblem, InfoAnswerProblem> = {
  empty: 'answerRequired',
  tooLong: 'tooLong',
  characters: 'answerCharacters',
};

/** Why an answer cannot be sent, or undefined when it can (judged after trimming). */
export const infoAnswerProblem = (answer: string): InfoAnswerProblem | undefined => {
  const problem = freeTextProblem(answer, INFO_ANSWER_MAX_LENGTH);
  return problem && ANSWER_PROBLEMS[problem];
};
