/**
 * A new account's fields refused: the message, and beside it what is wrong with each field, so
 * the form can say it at the field (signupFieldProblems, the same check the form makes).
 */
import { accountMsg, signupMsg, type SignupFieldProblems } from '@listboard/core';
import { HttpError } from '../../lib/errors';

export function badFields(status: number, message: string, fields: SignupFieldProblems) {
  return new HttpError(status, message, { fields });
}

export const usernameTakenError = (username: string) =>
  badFields(409, signupMsg.unableToCreateUser(username, accountMsg.usernameTaken), {
    username: accountMsg.usernameTakenField,
  });

export const emailInUseError = () =>
  badFields(403, signupMsg.emailInUse, { email: signupMsg.emailInUse });
