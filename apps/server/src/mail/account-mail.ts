/**
 * The account mails. Links use the start-path parameters of spec section 2, so opening one
 * lands in the web app, which reads the token from the address and calls the server.
 */
import type { Mail } from './mailer';

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

export const verifyEmailLink = (publicUrl: string, token: string) =>
  `${base(publicUrl)}/?verifyEmailToken=${encodeURIComponent(token)}`;

export const resetPasswordLink = (publicUrl: string, token: string) =>
  `${base(publicUrl)}/?resetPasswordToken=${encodeURIComponent(token)}`;

export function verificationMail(args: {
  to: string;
  username: string;
  publicUrl: string;
  token: string;
}): Mail {
  return {
    to: args.to,
    subject: 'Verify your email address for Listboard',
    text: [
      `Hello ${args.username},`,
      '',
      'Please confirm this email address for your Listboard account by opening this link:',
      '',
      verifyEmailLink(args.publicUrl, args.token),
      '',
      'The link works once and expires in 48 hours.',
      'If you did not sign up, ignore this message and no account will be activated.',
    ].join('\n'),
  };
}

export function resetMail(args: {
  to: string;
  username: string;
  publicUrl: string;
  token: string;
}): Mail {
  return {
    to: args.to,
    subject: 'Reset your Listboard password',
    text: [
      `Hello ${args.username},`,
      '',
      'Someone asked to reset the password of your Listboard account. To choose a new one, open:',
      '',
      resetPasswordLink(args.publicUrl, args.token),
      '',
      'The link works once and expires in one hour.',
      'If you did not ask for this, ignore this message; your password stays as it is.',
    ].join('\n'),
  };
}

export function newUserNotice(args: {
  to: string;
  publicUrl: string;
  user: {
    username: string;
    email: string | null;
    fullname: string;
    fields: Record<string, unknown>;
  };
  status: string;
}): Mail {
  const { user } = args;
  const profile = (['phone', 'title', 'bio'] as const)
    .map((k) => [k, user.fields[k]] as const)
    .filter(([, v]) => typeof v === 'string' && v.trim() !== '')
    .map(([k, v]) => `${k}: ${String(v)}`);
  return {
    to: args.to,
    subject: `New Listboard user: ${user.username} (${args.status})`,
    text: [
      `A new account was made on Listboard.`,
      '',
      `user name: ${user.username}`,
      `email: ${user.email ?? '(none)'}`,
      `full name: ${user.fullname || '(none)'}`,
      ...profile,
      `status: ${args.status}`,
      '',
      `Their home board: ${base(args.publicUrl)}/${encodeURIComponent(user.username)}`,
    ].join('\n'),
  };
}
