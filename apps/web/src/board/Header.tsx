import { lazy, Suspense, type ReactNode } from 'react';
import { boardMsg, decodePart } from '@listboard/core';
import { useConnection } from '../api/client';
import { useAlerts } from '../state/alerts';
import { useSession } from '../state/session';
import { Logo } from '../Logo';
import { SessionEndedBar } from '../account/SessionEndedBar';
import { useUploadProgress } from '../media/progress';
import type { Display } from '../state/ui';
import { InfoBar } from './InfoBar';

// The progress bar of an upload, loaded with the first one.
const UploadProgress = lazy(() =>
  import('../media/UploadProgress').then((m) => ({ default: m.UploadProgress })),
);

/** Phones get the last board of the chain only, so the path fits. */
export function shortPath(path: string): string {
  const parts = path.split(';');
  return parts.length > 1 ? `…;${parts[parts.length - 1]}` : path;
}

export function Header({
  path,
  phone,
  display,
  confirm,
  tools,
}: {
  path: string;
  /** A phone's or a short screen's header: the last board of the path, no e-mail address. */
  phone: boolean;
  /** The board's view state: whether the info bar shows, and how large. */
  display: Display;
  /** A yes-or-no form waiting for its answer, for the confirm bar. */
  confirm: ReactNode;
  /**
   * Tools in the header's row, after the user's name: on a short screen all of the phone's few
   * (so the board keeps the height), on a wider one the Account group.
   */
  tools?: ReactNode;
}) {
  const user = useSession((s) => s.user);
  const connected = useConnection((s) => s.connected);
  const alerts = useAlerts((s) => s.alerts);
  const uploading = useUploadProgress((s) => s.phase !== 'idle');
  const dismiss = useAlerts((s) => s.dismiss);
  return (
    <header className="app-header">
      <div className={`status-bar${tools && phone ? ' with-tools' : ''}`}>
        <a className="brand" href="/" aria-label="Listboard home">
          <Logo size={26} />
          <span>Listboard</span>
        </a>
        <span className="path" title={decodePart(path)}>
          {decodePart(phone ? shortPath(path) : path)}
        </span>
        <span className="user" aria-label="Signed in as">
          <span className="user-name">{user?.username}</span>
          {!phone && user?.email && <span className="user-email">{user.email}</span>}
        </span>
        {tools}
      </div>
      {!connected && (
        <div className="bar connection-bar" role="alert">
          {boardMsg.noConnection}
        </div>
      )}
      <SessionEndedBar />
      {uploading && (
        <Suspense fallback={null}>
          <UploadProgress />
        </Suspense>
      )}
      <div className="alert-bar" aria-live="polite">
        {alerts.map((a) => (
          <div key={a.id} className="bar alert" role="status">
            <span>{a.text}</span>
            <button type="button" aria-label="Dismiss" onClick={() => dismiss(a.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
      {confirm ? <div className="confirm-bar">{confirm}</div> : null}
      <InfoBar display={display} />
    </header>
  );
}
