import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { useAlerts } from '../state/alerts';
import { sentBody } from '../test/server';
import { useUi } from '../state/ui';
import { useSession } from '../state/session';
import { guest } from '../test/fixtures';
import { handoff } from './session';
import { AccountStartParams, captureStartParams } from './startParams';

type Reply = { status: number; body: unknown };
let replies: Record<string, Reply>;
let calls: { path: string; body: unknown }[];

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  replies = {};
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init?: RequestInit) => {
      calls.push({ path, body: sentBody(init) });
      const r = replies[path.split('?')[0] ?? ''] ?? { status: 200, body: { ok: true } };
      return Promise.resolve(
        new Response(JSON.stringify(r.body), {
          status: r.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  useAlerts.setState({ alerts: [] });
  useUi.setState({ form: null });
  handoff.resetToken = null;
  handoff.signInName = null;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const alerts = () => useAlerts.getState().alerts.map((a) => a.text);
async function start(url: string) {
  captureStartParams(url);
  render(<AccountStartParams />);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('the reset link', () => {
  it('validates the token, then opens the reset form 500 ms later', async () => {
    replies['/api/auth/validate_reset_token'] = {
      status: 200,
      body: { valid: true, username: 'ann' },
    };
    await start('http://x/?resetPasswordToken=tok-1#top');
    expect(calls[0]!.path).toBe('/api/auth/validate_reset_token?token=tok-1');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(450);
    });
    expect(useUi.getState().form).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(useUi.getState().form?.id).toBe('resetPassword');
    expect(handoff.resetToken).toBe('tok-1');
  });

  it('an invalid link: the server’s message, and no form', async () => {
    replies['/api/auth/validate_reset_token'] = {
      status: 400,
      body: {
        error: 'Reset link invalid or expired. Please try your password reset request again.',
      },
    };
    await start('http://x/?resetPasswordToken=nope');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(alerts()).toEqual([
      'Reset link invalid or expired. Please try your password reset request again.',
    ]);
    expect(useUi.getState().form).toBeNull();
  });

  it('a server fault: Unexpected error: could not validate token.', async () => {
    replies['/api/auth/validate_reset_token'] = { status: 500, body: { error: 'boom' } };
    await start('http://x/?resetPasswordToken=tok-1');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(alerts()).toEqual(['Unexpected error: could not validate token.']);
  });
});

describe('the verification link', () => {
  it('shows the success message', async () => {
    replies['/api/auth/verify_email'] = {
      status: 200,
      body: { status: 'success', message: 'Email verified successfully! You can now log in.' },
    };
    await start('http://x/?verifyEmailToken=tok-2');
    expect(calls[0]!.path).toBe('/api/auth/verify_email?token=tok-2');
    expect(alerts()).toEqual(['Email verified successfully! You can now log in.']);
  });

  it('then opens the sign-in form with the account’s name, once the visitor is a guest', async () => {
    replies['/api/auth/verify_email'] = {
      status: 200,
      body: { status: 'success', message: 'Email verified successfully!', username: 'ann' },
    };
    useSession.setState({ phase: 'loading', user: null });
    await start('http://x/?verifyEmailToken=tok-3');
    expect(useUi.getState().form).toBeNull();
    await act(async () => {
      useSession.setState({ phase: 'ready', user: guest });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(useUi.getState().form?.id).toBe('login');
    expect(handoff.signInName).toBe('ann');
  });

  it('leaves one already signed in where they are', async () => {
    replies['/api/auth/verify_email'] = {
      status: 200,
      body: { status: 'success', message: 'Email verified successfully!', username: 'ann' },
    };
    const bo = { ...guest, _id: 'u-bo', username: 'bo', roles: ['reader' as const] };
    useSession.setState({ phase: 'ready', user: bo });
    await start('http://x/?verifyEmailToken=tok-4');
    expect(alerts()).toEqual(['Email verified successfully!']);
    expect(useUi.getState().form).toBeNull();
  });

  it('an expired link: tells the user and asks for a new one', async () => {
    replies['/api/auth/verify_email'] = {
      status: 400,
      body: {
        status: 'error_expired',
        message: 'Verification link has expired.',
        error: 'Verification link expired',
        email: 'ann@example.org',
      },
    };
    await start('http://x/?verifyEmailToken=old');
    expect(alerts()).toEqual([
      'Your verification link has expired. Check your email for a new one.',
    ]);
    expect(calls.find((c) => c.path === '/api/auth/resend_verification')?.body).toEqual({
      email: 'ann@example.org',
    });
  });

  it('other server errors as given; a lost connection as something went wrong', async () => {
    replies['/api/auth/verify_email'] = {
      status: 400,
      body: {
        status: 'error_invalid_or_expired',
        message: 'Invalid or expired verification token.',
        error: 'Invalid or expired verification token.',
      },
    };
    await start('http://x/?verifyEmailToken=used');
    expect(alerts()).toEqual(['Invalid or expired verification token.']);
    cleanup();
    useAlerts.setState({ alerts: [] });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('network'))),
    );
    await start('http://x/?verifyEmailToken=any');
    expect(alerts()).toEqual(['Something went wrong. Please try again later.']);
  });

  it('verifyEmailStatus shows its message; an unknown one reads as other', async () => {
    await start('http://x/?verifyEmailStatus=error_invalid_token');
    expect(alerts()).toEqual(['Invalid or missing verification token.']);
    cleanup();
    useAlerts.setState({ alerts: [] });
    await start('http://x/?verifyEmailStatus=whatever');
    expect(alerts()).toEqual(['Unknown error occurred.']);
    expect(calls).toHaveLength(0);
  });

  it('acts once, not again on a second mount', async () => {
    await start('http://x/?verifyEmailStatus=success');
    cleanup();
    render(<AccountStartParams />);
    expect(alerts()).toHaveLength(1);
  });
});
