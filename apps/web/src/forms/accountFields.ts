/** Fields and checks the account forms share (account.ts, profile.ts). */
import { fieldMsg } from '@listboard/core';
import type { Field, Values } from './registry';

/** The first blank one of these fields, as "Please fill in {field} field.". */
export function blank(v: Values, names: readonly string[]): string | null {
  const missing = names.find((n) => !String(v[n] ?? '').trim());
  return missing ? fieldMsg.requiredField(missing) : null;
}

/** Passwords are taken as typed: spaces at either end are part of them. */
export const raw = (v: Values, k: string) => String(v[k] ?? '');

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
  type: 'text',
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
