/** Signing in, and the account forms. */
import { loginMsg } from '@listboard/core';
import type { FormDef } from './registry';
import { str } from './helpers';

export const ACCOUNT_FORMS: FormDef[] = [
  {
    id: 'login',
    label: 'Sign in',
    submitLabel: 'Sign in',
    fields: [
      {
        name: 'username',
        label: 'User name',
        type: 'text',
        required: true,
        autoComplete: 'username',
      },
      {
        name: 'password',
        label: 'Password',
        type: 'password',
        required: true,
        autoComplete: 'current-password',
      },
    ],
    validate: (v) =>
      !str(v, 'username') || !String(v.password ?? '') ? loginMsg.credentialsMissing : null,
    submit: (v, ctx) => ctx.signIn(str(v, 'username'), String(v.password)),
  },
];
