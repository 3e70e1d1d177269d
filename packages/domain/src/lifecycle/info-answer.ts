// The traveller's answer to an officer's question, written on the status page: one rule for the
// page and the server. Free text in any script, line breaks allowed; no control characters and no
// markup characters (< >), as everywhere in the record (decision 013).
import type { MessageId } from '../messages.ts';

export const INFO_ANSWER_MAX_LENGTH = 2000;
const ANSWER_TEXT = /^(?:[^\p{Cc}<>]|[\n\r\t])*$/u;

export type InfoAnswerProblem = Extract<MessageId, 'required' | 'tooLong' | 'answerCharacters'>;

/** Why an answer cannot be sent, or undefined when it can (judged after trimming). */
export const infoAnswerProblem = (answer: string): InfoAnswerProblem | undefined => {
  const text = answer.trim();
  if (text === '') return 'required';
  if (text.length > INFO_ANSWER_MAX_LENGTH) return 'tooLong';
  if (!ANSWER_TEXT.test(text)) return 'answerCharacters';
  return undefined;
};
