import { RECOVERY_MSG } from '@yingku/contract';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { badRequest } from '../../http/errors';

/**
 * Below this zxcvbn score (0–4) a new password is refused: 0 and 1 are guessed in under a
 * million tries — the common lists, keyboard walks, a word and a year, the user name with a
 * digit (decision 067). Inside SPEC's 8–32 characters, which the contract checks first.
 */
const MIN_SCORE = 2;

let estimator: ZxcvbnFactory | undefined;

/** Throws the Chinese refusal when `password` is too easily guessed, given what the site knows. */
export function requireStrongPassword(password: string, userInputs: readonly string[]): void {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary },
    graphs: common.adjacencyGraphs,
  });
  const inputs = userInputs
    .flatMap((input) => [input, ...input.split(/[@.]/)])
    .filter((input) => input.length >= 3);
  if (estimator.check(password, [...inputs, 'yingku', '影库']).score < MIN_SCORE) {
    throw badRequest(RECOVERY_MSG.passwordWeak);
  }
}
