/**
 * The site admin's LTI page (/lti/admin): the values a platform admin enters to register
 * Listboard, the platforms registered, a form to add or change one, and the signing key's
 * rotation. The server refuses these calls to anyone but the admin as well (policy manageLti).
 */
import { useState, type SyntheticEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { canSite } from '@listboard/core';
import { callApi, callApiGet, messageOr } from '../api/client';
import { useSession } from '../state/session';
import '../pages/pages.css';

const FIELDS = [
  ['issuer', 'Issuer (platform id)'],
  ['clientId', 'Client id'],
  ['deploymentIds', 'Deployment ids (comma-separated)'],
  ['authLoginUrl', 'Auth login URL'],
  ['authTokenUrl', 'Token URL'],
  ['keysetUrl', 'Keyset URL'],
] as const;
type Field = (typeof FIELDS)[number][0];
const EMPTY: Record<Field, string> = {
  issuer: '',
  clientId: '',
  deploymentIds: '',
  authLoginUrl: '',
  authTokenUrl: '',
  keysetUrl: '',
};

export default function LtiAdminScreen() {
  const user = useSession((s) => s.user);
  const queries = useQueryClient();
  const [form, setForm] = useState(EMPTY);
  const [message, setMessage] = useState('');
  const config = useQuery({
    queryKey: ['lti', 'config'],
    queryFn: async () => {
      const r = await callApiGet('/lti/config', {});
      if (!r.ok) throw new Error(messageOr(r.error, 'Could not load the configuration.'));
      return r.value;
    },
  });
  const platforms = useQuery({
    queryKey: ['lti', 'platforms'],
    enabled: canSite(user, 'manageLti'),
    queryFn: async () => {
      const r = await callApi('/api/lti/platforms', {});
      if (!r.ok) throw new Error(messageOr(r.error, 'Could not load the platforms.'));
      return r.value.platforms;
    },
  });
  const reload = () => queries.invalidateQueries({ queryKey: ['lti', 'platforms'] });

  if (!canSite(user, 'manageLti'))
    return (
      <main className="page">
        <h2>LTI platforms</h2>
        <p className="empty">This page is for the site admin.</p>
      </main>
    );

  const register = async (e: SyntheticEvent) => {
    e.preventDefault();
    const r = await callApi('/api/lti/register_platform', {
      ...form,
      deploymentIds: form.deploymentIds
        .split(',')
        .map((d) => d.trim())
        .filter(Boolean),
    });
    setMessage(r.ok ? `Registered ${r.value.platform.issuer}.` : messageOr(r.error, 'Not saved.'));
    if (r.ok) {
      setForm(EMPTY);
      await reload();
    }
  };
  const remove = async (id: string) => {
    const r = await callApi('/api/lti/remove_platform', { id });
    setMessage(r.ok ? 'Removed.' : messageOr(r.error, 'Not removed.'));
    await reload();
  };
  const rotate = async () => {
    const r = await callApi('/api/lti/rotate_key', {});
    setMessage(r.ok ? `New signing key ${r.value.kid}.` : messageOr(r.error, 'Not rotated.'));
  };

  const c = config.data;
  return (
    <main className="page" aria-labelledby="lti-title">
      <h2 id="lti-title">LTI platforms</h2>
      <p role="status">{message}</p>
      <h3>Values for the platform</h3>
      {c && (
        <dl className="lti-config">
          <dt>Login URL</dt>
          <dd>{c.loginUrl}</dd>
          <dt>Launch and redirect URL</dt>
          <dd>{c.launchUrl}</dd>
          <dt>Deep-linking URL</dt>
          <dd>{c.deepLinkingUrl}</dd>
          <dt>Keyset (JWKS) URL</dt>
          <dd>{c.jwksUrl}</dd>
          <dt>Canvas configuration URL</dt>
          <dd>{c.canvasConfigUrl}</dd>
        </dl>
      )}
      <p>
        <button type="button" className="tool" onClick={() => void rotate()}>
          Rotate the signing key
        </button>
      </p>
      <h3>Registered</h3>
      {platforms.error && <p className="error">{platforms.error.message}</p>}
      <ul aria-label="Platforms">
        {(platforms.data ?? []).map((p) => (
          <li key={p.id}>
            <strong>{p.issuer}</strong> — client {p.clientId}, deployments{' '}
            {p.deploymentIds.join(', ')}
            {p.source === 'file' ? (
              ' (from the LTI_PLATFORMS file)'
            ) : (
              <button type="button" className="tool" onClick={() => void remove(p.id)}>
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      <h3>Add or change a platform</h3>
      <form onSubmit={(e) => void register(e)}>
        {FIELDS.map(([name, label]) => (
          <p key={name}>
            <label>
              {label}{' '}
              <input
                name={name}
                required
                value={form[name]}
                onChange={(e) => setForm({ ...form, [name]: e.target.value })}
              />
            </label>
          </p>
        ))}
        <button type="submit" className="tool">
          Register
        </button>
      </form>
    </main>
  );
}
