import { GUEST_USER } from '../constants';
import {
  deregisterMsg,
  fieldMsg,
  loginMsg,
  passwordResetMsg,
  profileMsg,
  signupMsg,
} from '../messages';
import { accountMsg } from '../account-messages';
import {
  isBlank,
  isValidEmail,
  isValidUsername,
  validatePassword,
  type ValidationResult,
} from './fields';

/** The signed-in user as the forms see them; null before sign-in. */
export interface FormUser {
  username: string;
  email: string | null;
}

function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
}

function isPerson(user: FormUser | null | undefined): user is FormUser {
  return !!user && user.username !== GUEST_USER;
}

export function validateLogin(input: { username: string; password: string }): ValidationResult {
  return isBlank(input.username) || isBlank(input.password) ? loginMsg.credentialsMissing : null;
}

export interface SignupInput {
  username: string;
  email: string;
  password: string;
  repeatPassword: string;
}

/**
 * Being already registered is told first: someone signed in who types their own address gains
 * nothing from fixing the other fields.
 */
export function validateSignup(input: SignupInput, current?: FormUser | null): ValidationResult {
  if (isPerson(current) && sameEmail(current.email, input.email)) {
    return signupMsg.alreadyRegistered(current.username);
  }
  if (input.password !== input.repeatPassword) return signupMsg.passwordsMustMatch;
  const usernameOk = isValidUsername(input.username);
  if (!usernameOk || !isValidEmail(input.email) || validatePassword(input.password) !== null) {
    return signupMsg.badSignupFields;
  }
  return null;
}

export type SignupField = 'username' | 'email' | 'password' | 'repeatPassword';
/** What is wrong with each field of a signup that is wrong; a field that is fine is absent. */
export type SignupFieldProblems = Partial<Record<SignupField, string>>;

/**
 * Which fields of a signup (or an added user) are wrong, each with what is wrong with it: the
 * spec's one message for them all ("Bad username, email address, or password.") names none, so
 * the form says it beside each field. The server answers its refusal with the same. The repeated
 * password is checked only when it is given (the server never sees it).
 */
export function signupFieldProblems(
  input: Partial<SignupInput> & Pick<SignupInput, 'username' | 'email' | 'password'>,
): SignupFieldProblems {
  const out: SignupFieldProblems = {};
  if (isBlank(input.username)) out.username = fieldMsg.requiredField('username');
  else if (!isValidUsername(input.username)) out.username = accountMsg.badUsername;
  if (isBlank(input.email)) out.email = fieldMsg.requiredField('email');
  else if (!isValidEmail(input.email.trim())) out.email = fieldMsg.invalidEmail;
  if (input.password === '') out.password = fieldMsg.requiredField('password');
  else if (validatePassword(input.password) !== null) out.password = fieldMsg.passwordTooShort;
  if (input.repeatPassword !== undefined && input.repeatPassword !== input.password)
    out.repeatPassword = signupMsg.passwordsMustMatch;
  return out;
}

export function validateForgot(input: { email: string }): ValidationResult {
  return isValidEmail(input.email) ? null : passwordResetMsg.badEmail;
}

export function validateReset(input: {
  password: string;
  repeatPassword: string;
}): ValidationResult {
  const ok = input.password === input.repeatPassword && validatePassword(input.password) === null;
  return ok ? null : passwordResetMsg.badPassword;
}

/** Deregistering asks for the account's email again, so a left-open session cannot be wiped. */
export function validateDeregister(
  input: { email: string },
  current: FormUser | null,
): ValidationResult {
  return isPerson(current) && sameEmail(current.email, input.email)
    ? null
    : deregisterMsg.mustBeLoggedInToDeregister;
}

export function validateEditProfile(input: {
  textAlerts?: boolean;
  emailAlerts?: boolean;
}): ValidationResult {
  return input.textAlerts || input.emailAlerts ? null : profileMsg.enableAnAlert;
}

/** A profile photo's file name as stored: spaces become hyphens so it is safe in a URL. */
export function profilePhotoFilename(name: string): string {
  return name.replace(/\s/g, '-');
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields of `edited` that differ from `original`: the edit-profile form sends only these. */
export function changedFields<T extends Record<string, unknown>>(
  original: Partial<T>,
  edited: T,
): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(edited) as (keyof T)[]) {
    if (!sameValue(original[key], edited[key])) changed[key] = edited[key];
  }
  return changed;
}
