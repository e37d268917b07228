import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { PublicUser } from '@listboard/core';
import { useSession } from '../state/session';
import { sentBody } from '../test/server';
import LtiAdminScreen from './LtiAdminScreen';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const admin: PublicUser = {
  _id: 'u1',
  username: 'admin',
  email: null,
  roles: ['lbadmin'],
  fullname: '',
  circle: null,
  groups: [],
  nodashboard: false,
  emailVerified: true,
  fields: {},
};

const platform = {
  id: 'p1',
  issuer: 'https://canvas.instructure.com',
  clientId: '1000',
  deploymentIds: ['d1'],
  authLoginUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
  authTokenUrl: 'https://sso.canvaslms.com/login/oauth2/token',
  keysetUrl: 'https://sso.canvaslms.com/api/lti/security/jwks',
  source: 'admin',
  created: '2026-01-01T00:00:00.000Z',
};

function renderScreen(user: PublicUser | null) {
  useSession.setState({ user });
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const path = input.split('?')[0] ?? '';
      calls.push({ path, body: sentBody(init) });
      if (path === '/lti/config')
        return Promise.resolve(
          json({
            title: 'Listboard',
            description: '',
            loginUrl: 'https://lb.example/lti/login',
            launchUrl: 'https://lb.example/lti/launch',
            redirectUris: ['https://lb.example/lti/launch'],
            deepLinkingUrl: 'https://lb.example/lti/launch',
            jwksUrl: 'https://lb.example/lti/jwks',
            canvasConfigUrl: 'https://lb.example/lti/canvas.json',
            domain: 'lb.example',
          }),
        );
      if (path === '/api/lti/platforms') return Promise.resolve(json({ platforms: [platform] }));
      if (path === '/api/lti/register_platform') return Promise.resolve(json({ platform }));
      return Promise.resolve(json({ ok: true }));
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LtiAdminScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LtiAdminScreen', () => {
  it('shows the values to enter and the platforms, and registers one', async () => {
    const calls = renderScreen(admin);
    expect(await screen.findByText('https://lb.example/lti/login')).toBeTruthy();
    expect(screen.getByText('https://lb.example/lti/jwks')).toBeTruthy();
    expect(await screen.findByText('https://canvas.instructure.com')).toBeTruthy();
    const fill = (name: string, value: string) => {
      const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
      if (!input) throw new Error(`no field ${name}`);
      fireEvent.change(input, { target: { value } });
    };
    fill('issuer', platform.issuer);
    fill('clientId', platform.clientId);
    fill('deploymentIds', 'd1, d2');
    fill('authLoginUrl', platform.authLoginUrl);
    fill('authTokenUrl', platform.authTokenUrl);
    fill('keysetUrl', platform.keysetUrl);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => {
      expect(screen.getByRole('status').textContent).toBe(
        'Registered https://canvas.instructure.com.',
      );
    });
    const sent = calls.find((c) => c.path === '/api/lti/register_platform')?.body;
    expect(sent).toMatchObject({ clientId: '1000', deploymentIds: ['d1', 'd2'] });
  });

  it('is for the site admin only', () => {
    renderScreen({ ...admin, username: 'author', roles: ['author'] });
    expect(screen.getByText('This page is for the site admin.')).toBeTruthy();
  });
});
