/**
 * The forms on one's own account: delete it (deregister) and edit the profile, photo included.
 * A refused call keeps the form open with the server's words.
 */
import {
  accountMsg,
  callMsg,
  changedFields,
  deregisterMsg,
  validateDeregister,
  validateEditProfile,
  type PublicUser,
} from '@listboard/core';
import type { ProfileFields } from '@listboard/core/api/routes';
import { callApi } from '../api/client';
import { checkPhoto, uploadPhoto } from '../account/photo';
import { enterSession, leaveDeletedAccount, refusal } from '../account/session';
import type { FormDef, Values } from './registry';
import { str } from './helpers';
import { blank, emailField, raw } from './accountFields';

/** Profile values as the edit form shows them. */
function profileOf(user: PublicUser | null): Values {
  const f = user?.fields ?? {};
  const text = (k: string) => {
    const value = f[k];
    return typeof value === 'string' ? value : '';
  };
  return {
    fullname: user?.fullname || text('fullname'),
    firstname: text('firstname'),
    lastname: text('lastname'),
    title: text('title'),
    phone: text('phone'),
    bio: text('bio'),
    textAlerts: f.textAlerts === true,
    emailAlerts: f.emailAlerts === true,
    alertDigest: f.alertDigest === true,
    groupAlerts: f.groupAlerts === true,
  };
}

export const PROFILE_FORMS: FormDef[] = [
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
      const user = ctx.user;
      const mismatch = validateDeregister({ email: str(v, 'email') }, user);
      if (mismatch) return mismatch;
      // validateDeregister already refuses nobody; this says so to the types.
      if (!user) return deregisterMsg.mustBeLoggedInToDeregister;
      const res = await callApi('/api/forms/deregister_user', {
        username: user.username,
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
      {
        name: 'emailAlerts',
        label: 'Email alerts',
        type: 'checkbox',
        hint: 'A mail when a reader adds a note to one of your boards, someone replies to yours, answers it or dismisses it, or a note or reply mentions you (@name).',
      },
      {
        name: 'groupAlerts',
        label: 'My groups’ notes',
        type: 'checkbox',
        hint: 'A mail too for each note a member of one of your reader groups writes to the group.',
        shownWhen: (v) => v.emailAlerts === true,
      },
      {
        name: 'alertDigest',
        label: 'One mail a day',
        type: 'checkbox',
        hint: 'The day’s alerts gathered into one mail, sent a day after the first of them, instead of a mail for each.',
        shownWhen: (v) => v.emailAlerts === true,
      },
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
