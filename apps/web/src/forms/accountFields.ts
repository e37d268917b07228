/** Fields and checks the account forms share (account.ts, profile.ts). */
import { fieldMsg, signupFieldProblems } from '@listboard/core';
import type { CallError } from '../api/client';
import { refusal } from '../account/session';
import type { Field, FormRefusal, Values } from './registry';
import { text } from './helpers';

/** The first blank one of these fields, as "Please fill in {field} field.". */
export function blank(v: Values, names: readonly string[]): string | null {
  const missing = names.find((n) => !raw(v, n).trim());
  return missing ? fieldMsg.requiredField(missing) : null;
}

/** Passwords are taken as typed: spaces at either end are part of them. */
export const raw = (v: Values, k: string) => text(v, k);

export const first = (...checks: (() => string | null)[]) => {
  for (const check of checks) {
    const problem = check();
    if (problem) return problem;
  }
  return null;
};

export const usernameField: Field = {
  name: 'username',
  label: 'User name',
  type: 'text',
  required: true,
  autoComplete: 'username',
  hint: 'Letters, digits, dot, dash and underscore.',
};
export const emailField: Field = {
  name: 'email',
  label: 'Email',
  // A phone's keyboard with @ on it; the form checks the address itself (noValidate).
  type: 'email',
  required: true,
  autoComplete: 'email',
};
export const newPassword: Field = {
  name: 'password',
  label: 'Password',
  type: 'password',
  required: true,
  autoComplete: 'new-password',
  hint: 'At least 6 characters.',
};
export const repeatPassword: Field = {
  name: 'repeatPassword',
  label: 'Repeat password',
  type: 'password',
  required: true,
  autoComplete: 'new-password',
};
/** Optional: where no full name is given, the user name is shown instead. */
export const fullnameField: Field = {
  name: 'fullname',
  label: 'Full name',
  type: 'text',
  autoComplete: 'name',
};
export const profileFields: Field[] = [
  { ...fullnameField },
  { name: 'phone', label: 'Phone', type: 'text', autoComplete: 'tel' },
  { name: 'bio', label: 'Bio', type: 'textarea' },
];

/**
 * What is wrong with each field of a new account (sign up, add user), as the server checks it
 * too; the repeated password only where the form asks for it.
 */
export function newAccountProblems(v: Values): Record<string, string> {
  return signupFieldProblems({
    username: text(v, 'username').trim(),
    email: text(v, 'email').trim(),
    password: text(v, 'password'),
    repeatPassword: v.repeatPassword === undefined ? undefined : text(v, 'repeatPassword'),
  });
}

/**
 * A new account the server refused: its message, and which fields it says are wrong (a name
 * taken, an address in use, a field its checks refuse), so each shows under its field.
 */
export function accountRefusal(e: CallError, fallback: string): string | FormRefusal {
  const message = refusal(e, fallback);
  const fields = e.answer?.fields;
  if (!fields || typeof fields !== 'object') return message;
  const named = Object.entries(fields).filter(
    (f): f is [string, string] => typeof f[1] === 'string',
  );
  return named.length > 0 ? { message, fields: Object.fromEntries(named) } : message;
}
