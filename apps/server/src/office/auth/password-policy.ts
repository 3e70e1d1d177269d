// Whether a member of staff's new password is good enough (docs/decisions/043-staff-lockout-and-
// passwords.md): 12 to 256 characters, not on the list of passwords exposed in breaches that
// @zxcvbn-ts/language-common ships ('passwords-common', the most used passwords of public breach
// corpora), and hard to guess by zxcvbn's estimate (repeated characters, keyboard runs, words,
// dates and breached passwords inside it all count against it). Checked only on the server.
import {
  MAX_STAFF_PASSWORD_LENGTH,
  MIN_STAFF_PASSWORD_LENGTH,
  STAFF_PASSWORD_MIN_SCORE,
  type StaffPasswordProblem,
} from '@eta-il/domain';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

const BREACHED = new Set(common.dictionary['passwords-common']);

let estimator: ZxcvbnFactory | undefined;
/** Built on first use: the dictionaries take a moment to load. */
const strength = (password: string) => {
  estimator ??= new ZxcvbnFactory({
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  });
  return estimator.check(password.slice(0, 100));
};

/** Why `password` may not be used, or undefined when it may. */
export const passwordProblem = (password: string): StaffPasswordProblem | undefined => {
  if (password.length < MIN_STAFF_PASSWORD_LENGTH) return 'tooShort';
  if (password.length > MAX_STAFF_PASSWORD_LENGTH) return 'tooLong';
  if (BREACHED.has(password) || BREACHED.has(password.toLowerCase())) return 'breached';
  if (strength(password).score < STAFF_PASSWORD_MIN_SCORE) return 'guessable';
  return undefined;
};
