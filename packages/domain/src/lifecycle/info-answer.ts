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

/** Why an answer cannot be sent, or undefined when it can (judged after trimming). */
export const infoAnswerProblem = (answer: string): InfoAnswerProblem | undefined => {
  const text = answer.trim();
  if (text === '') return 'answerRequired';
  if (text.length > INFO_ANSWER_MAX_LENGTH) return 'tooLong';
  if (!ANSWER_TEXT.test(text)) return 'answerCharacters';
  return undefined;
};
