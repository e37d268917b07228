/**
 * The account forms (spec sections 2, 4, 5 and 8): sign in, sign up in each signup mode, forgot
 * and reset password, add user; deregister and edit profile are in profile.ts. Validation
 * messages come from core, word for word; a refused call keeps the form open with the server's
 * words.
 */
import {
  ROLES,
  accountMsg,
  passwordResetMsg,
  signupMsg,
  validateEmail,
  validateForgot,
  validateLogin,
  validatePassword,
  validateReset,
  validateRole,
  validateSignup,
} from '@listboard/core';
import type { AccountCreated } from '@listboard/core/api/routes';
import { callApi } from '../api/client';
import {
  announcePasswordChanged,
  enterSession,
  enterSessionHere,
  handoff,
  openAfterClose,
  refusal,
  signupFormFor,
  switchForm,
} from '../account/session';
import { useSession } from '../state/session';
import type { FormContext, FormDef, Values } from './registry';
import { str } from './helpers';
import {
  blank,
  emailField,
  fullnameField,
  first,
  newPassword,
  raw,
  repeatPassword,
  usernameField,
  profileFields,
  accountRefusal,
  newAccountProblems,
} from './accountFields';
import { PROFILE_FORMS } from './profile';

/** The roles the admin may give; guest is the one shared visitor account, not a role to hand out. */
export const ASSIGNABLE_ROLES = ROLES.filter((r) => r !== 'guest');

function validateNewAccount(v: Values): string | null {
  return first(
    () => blank(v, ['username', 'email', 'password']),
    () =>
      validateSignup({
        username: str(v, 'username'),
        email: str(v, 'email'),
        password: raw(v, 'password'),
        repeatPassword: raw(v, 'repeatPassword'),
      }),
  );
}

/**
 * A new account: signed in when it may be used at once, else told to check mail. Signed in, it
 * goes home from the site's front board and stays on a board a link led to, as a sign-in does.
 */
async function afterCreated(res: AccountCreated, ctx: FormContext): Promise<null> {
  if (res.user) await enterSessionHere(res.user._id, ctx.navigate);
  ctx.alert(res.message);
  return null;
}

/** The signup button, by signup mode; a message instead when signup is off. */
export function openSignup(): string | undefined {
  const next = signupFormFor(useSession.getState().signupMode);
  if ('message' in next) return next.message;
  switchForm(next.form);
  return undefined;
}

export const ACCOUNT_FORMS: FormDef[] = [
  {
    id: 'logout',
    label: 'Sign out',
    submitLabel: 'Sign out',
    description: (ctx) =>
      `You are signed in as ${ctx.user?.username ?? 'guest'}. Sign out and continue as guest?`,
    fields: [],
    async submit(_v, ctx) {
      await ctx.signOut();
      return null;
    },
  },
  {
    id: 'login',
    label: 'Sign in',
    submitLabel: 'Sign in',
    fields: [
      { ...usernameField, hint: undefined },
      {
        name: 'password',
        label: 'Password',
        type: 'password',
        required: true,
        autoComplete: 'current-password',
      },
    ],
    // After a verification link, the account's name is there: the password is what is left.
    initial: () => ({ username: handoff.signInName ?? '', password: '' }),
    opensAt: (v) => (str(v, 'username') ? 'password' : undefined),
    validate: (v) => validateLogin({ username: str(v, 'username'), password: raw(v, 'password') }),
    submit: (v, ctx) => ctx.signIn(str(v, 'username'), raw(v, 'password')),
    extraButtons: [
      {
        label: 'Forgot password?',
        run: () => {
          switchForm('forgot');
          return Promise.resolve(undefined);
        },
      },
      { label: 'Sign up', run: () => Promise.resolve(openSignup()) },
    ],
  },
  {
    id: 'signup',
    label: 'Sign up',
    submitLabel: 'Sign up',
    fields: [usernameField, fullnameField, emailField, newPassword, repeatPassword],
    initial: () => ({ email: handoff.inviteeEmail ?? '' }),
    validate: validateNewAccount,
    fieldProblems: newAccountProblems,
    async submit(v, ctx) {
      const already = validateSignup(
        {
          username: str(v, 'username'),
          email: str(v, 'email'),
          password: raw(v, 'password'),
          repeatPassword: raw(v, 'repeatPassword'),
        },
        ctx.user,
      );
      if (already) return already;
      const res = await callApi('/api/auth/register', {
        username: str(v, 'username'),
        email: str(v, 'email'),
        password: raw(v, 'password'),
        ...(str(v, 'fullname') ? { fullname: str(v, 'fullname') } : {}),
      });
      if (!res.ok) return accountRefusal(res.error, signupMsg.registrationError);
      handoff.inviteeEmail = null;
      return afterCreated(res.value, ctx);
    },
  },
  {
    id: 'checkInvitee',
    label: 'Sign up: are you invited?',
    submitLabel: 'Continue',
    fields: [{ ...emailField, hint: 'The address your invitation went to.' }],
    validate: (v) => blank(v, ['email']) ?? validateEmail(str(v, 'email')),
    async submit(v) {
      const res = await callApi('/api/auth/check_invitee', { email: str(v, 'email') });
      if (!res.ok) return refusal(res.error, signupMsg.registrationError);
      if (!res.value.invited) return accountMsg.notInvited;
      handoff.inviteeEmail = str(v, 'email');
      openAfterClose('signup');
      return null;
    },
  },
  {
    id: 'addUserSelf',
    label: 'Sign up (the site admin reviews new accounts)',
    submitLabel: 'Sign up',
    fields: [usernameField, emailField, newPassword, repeatPassword, ...profileFields],
    validate: validateNewAccount,
    fieldProblems: newAccountProblems,
    async submit(v, ctx) {
      const res = await callApi('/api/auth/create_user', {
        username: str(v, 'username'),
        email: str(v, 'email'),
        password: raw(v, 'password'),
        profile: { fullname: str(v, 'fullname'), phone: str(v, 'phone'), bio: str(v, 'bio') },
      });
      if (!res.ok) return accountRefusal(res.error, signupMsg.registrationError);
      return afterCreated(res.value, ctx);
    },
  },
  {
    id: 'addUser',
    label: 'Add user',
    submitLabel: 'Add user',
    fields: [
      usernameField,
      emailField,
      { ...newPassword, autoComplete: 'off' },
      { name: 'role', label: 'Role', type: 'select', options: ASSIGNABLE_ROLES, required: true },
      ...profileFields,
    ],
    initial: () => ({ role: 'reader' }),
    validate: (v) =>
      first(
        () => blank(v, ['username', 'email', 'password', 'role']),
        () => validateEmail(str(v, 'email')),
        () => validatePassword(raw(v, 'password')),
        () => validateRole(str(v, 'role')),
      ),
    fieldProblems: newAccountProblems,
    async submit(v, ctx) {
      const res = await callApi('/api/auth/create_user', {
        username: str(v, 'username'),
        email: str(v, 'email'),
        password: raw(v, 'password'),
        profile: {
          role: str(v, 'role'),
          fullname: str(v, 'fullname'),
          phone: str(v, 'phone'),
          bio: str(v, 'bio'),
        },
      });
      if (!res.ok) return accountRefusal(res.error, signupMsg.unableToCreateUserObject);
      ctx.alert(res.value.message);
      return null;
    },
  },
  {
    id: 'forgot',
    label: 'Forgot password',
    submitLabel: 'Send reset link',
    fields: [{ ...emailField, hint: 'We will mail a link to choose a new password.' }],
    validate: (v) => validateForgot({ email: str(v, 'email') }),
    async submit(v, ctx) {
      const res = await callApi('/api/auth/forgot', { email: str(v, 'email') });
      if (!res.ok) return refusal(res.error, passwordResetMsg.resetEmailError);
      ctx.alert(res.value.message || passwordResetMsg.resetEmailSent);
      return null;
    },
  },
  {
    id: 'resetPassword',
    label: 'Choose a new password',
    submitLabel: 'Change password',
    fields: [newPassword, repeatPassword],
    validate: (v) =>
      validateReset({ password: raw(v, 'password'), repeatPassword: raw(v, 'repeatPassword') }),
    async submit(v, ctx) {
      const token = handoff.resetToken;
      if (!token) return passwordResetMsg.resetLinkInvalid;
      const res = await callApi('/api/auth/reset_password', {
        token,
        password: raw(v, 'password'),
      });
      if (!res.ok) {
        return passwordResetMsg.resetPasswordFailed(
          refusal(res.error, passwordResetMsg.tokenValidationError),
        );
      }
      handoff.resetToken = null;
      // The server has signed this browser in as the account whose password changed.
      await enterSession(null);
      ctx.navigate('/');
      announcePasswordChanged();
      return null;
    },
  },
  ...PROFILE_FORMS,
];
