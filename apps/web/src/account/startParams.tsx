/**
 * The account parameters a mailed link opens the app with (spec sections 2 and 4):
 * resetPasswordToken, verifyEmailToken and verifyEmailStatus. They are read once, from the
 * address the app was loaded with, before the start-path rules drop query and hash from it.
 */
import { useEffect } from 'react';
import {
  TIMINGS,
  emailVerificationMessage,
  emailVerificationMsg,
  isGuestUser,
  passwordResetMsg,
  readStartParams,
  type PublicUser,
  type StartParams,
} from '@listboard/core';
import type { EmailVerificationRefusal } from '@listboard/core/api/routes';
import { callApi, callApiGet } from '../api/client';
import { useAlerts } from '../state/alerts';
import { useSession } from '../state/session';
import { handoff, refusal, switchForm } from './session';

let pending: StartParams | null =
  typeof window === 'undefined' ? null : readStartParams(window.location.href);

/** Sets the address the parameters are read from, as a fresh page load would. */
export function captureStartParams(url: string): void {
  pending = readStartParams(url);
}

const alert = (text: string) => useAlerts.getState().show(text);

/** The reset link: the form opens 500 ms after the server says the link is good. */
async function openReset(token: string): Promise<void> {
  const valid = await callApiGet('/api/auth/validate_reset_token', { token });
  if (!valid.ok) {
    alert(refusal(valid.error, passwordResetMsg.tokenValidationError));
    return;
  }
  handoff.resetToken = token;
  await new Promise((r) => setTimeout(r, TIMINGS.resetFormDelayMs));
  switchForm('resetPassword');
}

/** The session once it has started: its user (a guest's, when no one has signed in). */
function startedUser(): Promise<PublicUser | null> {
  return new Promise((resolve) => {
    const now = useSession.getState();
    if (now.phase !== 'loading') {
      resolve(now.user);
      return;
    }
    const stop = useSession.subscribe((s) => {
      if (s.phase === 'loading') return;
      stop();
      resolve(s.user);
    });
  });
}

/** After a verification: the sign-in form, with the verified account's name, for a guest. */
async function offerSignIn(username: string): Promise<void> {
  const user = await startedUser();
  if (user && !isGuestUser(user)) return;
  handoff.signInName = username;
  switchForm('login');
}

/** The verification link. An expired one asks the server to mail a fresh link. */
async function verify(token: string): Promise<void> {
  const verified = await callApiGet('/api/auth/verify_email', { token });
  if (verified.ok) {
    alert(verified.value.message || emailVerificationMessage('success'));
    await offerSignIn(verified.value.username);
    return;
  }
  // verify_email answers a failure with a status word of its own in the body, and the address
  // a fresh link should go to.
  const e = verified.error;
  const email = (e.answer as Partial<EmailVerificationRefusal> | undefined)?.email;
  const fault = !e.error || e.status === 0 || e.status >= 500;
  if (fault) {
    alert(emailVerificationMsg.somethingWentWrong);
  } else if (e.error === emailVerificationMsg.verificationLinkExpiredError) {
    alert(emailVerificationMsg.verificationLinkExpired);
    if (typeof email === 'string' && email)
      await callApi('/api/auth/resend_verification', { email });
  } else {
    alert(e.error);
  }
}

export async function actOnStartParams(p: StartParams): Promise<void> {
  if (p.verifyEmailStatus) alert(emailVerificationMessage(p.verifyEmailStatus));
  if (p.verifyEmailToken) await verify(p.verifyEmailToken);
  if (p.resetPasswordToken) await openReset(p.resetPasswordToken);
}

/** Mounted once inside the router; acts on the parameters of the first address only. */
export function AccountStartParams(): null {
  useEffect(() => {
    const p = pending;
    pending = null;
    if (p) void actOnStartParams(p);
  }, []);
  return null;
}
