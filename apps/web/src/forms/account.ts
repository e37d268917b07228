/**
 * The account forms (spec sections 2, 4, 5 and 8): sign in, sign up in each signup mode, forgot
 * and reset password, add user, deregister and edit profile. Validation messages come from
 * core, word for word; a refused call keeps the form open with the server's words.
 */
import {
  ROLES,
  accountMsg,
  callMsg,
  changedFields,
  deregisterMsg,
  fieldMsg,
  passwordResetMsg,
  signupMsg,
  validateDeregister,
  validateEditProfile,
  validateEmail,
  validateForgot,
  validateLogin,
  validatePassword,
  validateReset,
  validateRole,
  validateSignup,
  type PublicUser,
} from '@listboard/core';
import type { AccountCreated, ProfileFields } from '@listboard/core/api/routes';
import { callApi } from '../api/client';
import { checkPhoto, uploadPhoto } from '../account/photo';
import {
  announcePasswordChanged,
  enterSession,
  handoff,
  leaveDeletedAccount,
  openAfterClose,
  refusal,
  signupFormFor,
  switchForm,
} from '../account/session';
import { useSession } from '../state/session';
import type { Field, FormContext, FormDef, Values } from './registry';
import { str } from './helpers';

/** The first blank one of these fields, as "Please fill in {field} field.". */
function blank(v: Values, names: readonly string[]): string | null {
  const missing = names.find((n) => !String(v[n] ?? '').trim());
  return missing ? fieldMsg.requiredField(missing) : null;
}

/** Passwords are taken as typed: spaces at either end are part of them. */
const raw = (v: Values, k: string) => String(v[k] ?? '');

const first = (...checks: (() => string | null)[]) => {
  for (const check of checks) {
    const problem = check();
    if (problem) return problem;
  }
  return null;
};

const usernameField: Field = {
  name: 'username',
  label: 'User name',
  type: 'text',
  required: true,
  autoComplete: 'username',
  hint: 'Letters, digits, dot, dash and underscore.',
};
const emailField: Field = {
  name: 'email',
  label: 'Email',
  type: 'text',
  required: true,
  autoComplete: 'email',
};
const newPassword: Field = {
  name: 'password',
  label: 'Password',
  type: 'password',
  required: true,
  autoComplete: 'new-password',
  hint: 'At least 6 characters.',
};
const repeatPassword: Field = {
  name: 'repeatPassword',
  label: 'Repeat password',
  type: 'password',
  required: true,
  autoComplete: 'new-password',
};
const profileFields: Field[] = [
  { name: 'fullname', label: 'Full name', type: 'text', autoComplete: 'name' },
  { name: 'phone', label: 'Phone', type: 'text', autoComplete: 'tel' },
  { name: 'bio', label: 'Bio', type: 'textarea' },
];

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

/** A new account: signed in and sent home when it may be used at once, else told to check mail. */
async function afterCreated(res: AccountCreated, ctx: FormContext): Promise<null> {
  if (res.user) {
    await enterSession(res.user._id);
    ctx.navigate('/');
  }
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

/** Profile values as the edit form shows them. */
function profileOf(user: PublicUser | null): Values {
  const f = user?.fields ?? {};
  const text = (k: string) => (typeof f[k] === 'string' ? (f[k] as string) : '');
  return {
    fullname: user?.fullname || text('fullname'),
    firstname: text('firstname'),
    lastname: text('lastname'),
    title: text('title'),
    phone: text('phone'),
    bio: text('bio'),
    textAlerts: f.textAlerts === true,
    emailAlerts: f.emailAlerts === true,
  };
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
    validate: (v) => validateLogin({ username: str(v, 'username'), password: raw(v, 'password') }),
    submit: (v, ctx) => ctx.signIn(str(v, 'username'), raw(v, 'password')),
    extraButtons: [
      {
        label: 'Forgot password?',
        run: async () => {
          switchForm('forgot');
          return undefined;
        },
      },
      { label: 'Sign up', run: async () => openSignup() },
    ],
  },
  {
    id: 'signup',
    label: 'Sign up',
    submitLabel: 'Sign up',
    fields: [usernameField, emailField, newPassword, repeatPassword],
    initial: () => ({ email: handoff.inviteeEmail ?? '' }),
    validate: validateNewAccount,
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
      });
      if (!res.ok) return refusal(res.error, signupMsg.registrationError);
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
    async submit(v, ctx) {
      const res = await callApi('/api/auth/create_user', {
        username: str(v, 'username'),
        email: str(v, 'email'),
        password: raw(v, 'password'),
        profile: { fullname: str(v, 'fullname'), phone: str(v, 'phone'), bio: str(v, 'bio') },
      });
      if (!res.ok) return refusal(res.error, signupMsg.registrationError);
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
      if (!res.ok) return refusal(res.error, signupMsg.unableToCreateUserObject);
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
  {
    id: 'deregister',
    label: 'Delete my account',
    submitLabel: 'Delete my account',
    fields: [
      {
        ...emailField,
        label: 'Your email',
        autoComplete: 'off',
        hint: 'Type the address of this account to confirm. Your boards are deleted with it.',
      },
      {
        name: 'password',
        label: 'Password',
        type: 'password',
        required: true,
        autoComplete: 'current-password',
      },
    ],
    validate: (v) => blank(v, ['email', 'password']),
    async submit(v, ctx) {
      const mismatch = validateDeregister({ email: str(v, 'email') }, ctx.user);
      if (mismatch) return mismatch;
      const res = await callApi('/api/forms/deregister_user', {
        username: ctx.user!.username,
        email: str(v, 'email'),
        password: raw(v, 'password'),
      });
      if (!res.ok) return refusal(res.error, deregisterMsg.accountRemovalProblem);
      await leaveDeletedAccount(res.value.user, ctx.navigate);
      ctx.alert(res.value.message);
      return null;
    },
  },
  {
    id: 'editProfile',
    label: 'Edit profile',
    submitLabel: 'Save',
    fields: [
      { name: 'fullname', label: 'Full name', type: 'text', autoComplete: 'name' },
      { name: 'firstname', label: 'First name', type: 'text', autoComplete: 'given-name' },
      { name: 'lastname', label: 'Last name', type: 'text', autoComplete: 'family-name' },
      { name: 'title', label: 'Title', type: 'text' },
      { name: 'phone', label: 'Phone', type: 'text', autoComplete: 'tel' },
      { name: 'bio', label: 'Bio', type: 'textarea' },
      {
        name: 'photo',
        label: 'Photo',
        type: 'file',
        accept: 'image/*',
        hint: 'An image file; spaces in its name become hyphens.',
      },
      { name: 'textAlerts', label: 'Text alerts', type: 'checkbox' },
      { name: 'emailAlerts', label: 'Email alerts', type: 'checkbox' },
    ],
    initial: (ctx) => profileOf(ctx.user),
    validate: (v) =>
      validateEditProfile({
        textAlerts: v.textAlerts === true,
        emailAlerts: v.emailAlerts === true,
      }),
    async submit(v, ctx) {
      const user = ctx.user;
      if (!user) return accountMsg.notSignedIn;
      const edited = profileOf(null);
      for (const k of Object.keys(edited)) {
        edited[k] = typeof v[k] === 'boolean' ? v[k] : str(v, k);
      }
      // The profile's fields, as text or (the alerts) checkboxes.
      const changes = changedFields(profileOf(user), edited) as ProfileFields;
      const photo = (v.photo as File[] | undefined)?.[0];
      if (photo) {
        const checked = checkPhoto(photo);
        if (checked.skipped) {
          ctx.alert(checked.skipped);
        } else {
          const failed = await uploadPhoto(photo, user.username, checked.name);
          if (failed) return failed;
          changes.photoFilename = checked.name;
        }
      }
      if (Object.keys(changes).length === 0) return null;
      const res = await callApi('/api/forms/edit_profile', { profile: changes });
      if (!res.ok) return refusal(res.error, callMsg.operationError('edit profile'));
      await enterSession(user._id);
      for (const m of res.value.messages) ctx.alert(m);
      ctx.alert(accountMsg.profileSaved);
      return null;
    },
  },
];
