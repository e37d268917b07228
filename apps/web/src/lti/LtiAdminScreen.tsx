/**
 * The site admin's LTI page (/lti/admin): the values a platform admin enters to register
 * Listboard, the platforms registered, a form to add or change one, and the signing key's
 * rotation. The server refuses these calls to anyone but the admin as well (policy manageLti).
 */
import { useState, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { canSite } from '@listboard/core';
import { callApi, callApiGet, messageOr } from '../api/client';
import { useSession } from '../state/session';
import { usePageTitle } from '../pageTitle';
import '../insight/insight.css';
import './lti-admin.css';

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
  usePageTitle('LTI platforms');
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

  const head = (
    <header className="insight-head">
      <Link className="back" to="/">
        ← Home
      </Link>
      <h1 id="lti-title">LTI platforms</h1>
      <p className="insight-scope">
        Course sites (LTI 1.3 platforms such as Canvas, Moodle and Blackboard) place boards in their
        courses and receive scores from them. Register a platform here with the values it gives you,
        and give it the values below.
      </p>
    </header>
  );
  if (!canSite(user, 'manageLti'))
    return (
      <main className="insight-page lti-page" aria-labelledby="lti-title">
        {head}
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
  const registered = platforms.data ?? [];
  return (
    <main className="insight-page lti-page" aria-labelledby="lti-title">
      {head}
      <p role="status">{message}</p>
      <section aria-labelledby="lti-values">
        <h2 id="lti-values">Values for the course site</h2>
        {config.error && <p className="error">{config.error.message}</p>}
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
        <div className="insight-actions">
          <button type="button" className="tool" onClick={() => void rotate()}>
            Rotate the signing key
          </button>
        </div>
      </section>
      <section aria-labelledby="lti-registered">
        <h2 id="lti-registered">Registered</h2>
        {platforms.error && <p className="error">{platforms.error.message}</p>}
        {platforms.data && registered.length === 0 && (
          <p className="empty">No course site is registered yet.</p>
        )}
        <ul aria-label="Platforms" className="lti-platforms">
          {registered.map((p) => (
            <li key={p.id}>
              <span>
                <strong>{p.issuer}</strong> — client {p.clientId}, deployments{' '}
                {p.deploymentIds.join(', ')}
                {p.source === 'file' && ' (from the LTI_PLATFORMS file)'}
              </span>
              {p.source !== 'file' && (
                <button type="button" className="tool" onClick={() => void remove(p.id)}>
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="lti-add">
        <h2 id="lti-add">Add or change a platform</h2>
        <form className="input-form" onSubmit={(e) => void register(e)}>
          {FIELDS.map(([name, label]) => (
            <div key={name} className="field">
              <label htmlFor={`lti-${name}`}>{label}</label>
              <input
                id={`lti-${name}`}
                name={name}
                required
                value={form[name]}
                onChange={(e) => setForm({ ...form, [name]: e.target.value })}
              />
            </div>
          ))}
          <div className="insight-actions">
            <button type="submit" className="tool">
              Register
            </button>
          </div>
        </form>
      </section>
    </main>
  );
}
