import { Logo } from './Logo';

/** Shown until the session has started (spec: a loading image until initialised). */
export function LoadingScreen() {
  return (
    <div className="start-screen" role="status" aria-label="Loading Listboard">
      <Logo size={56} animated />
      <p className="start-name">Listboard</p>
      <div className="spinner" aria-hidden="true" />
    </div>
  );
}

export function StartError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="start-screen">
      <Logo size={56} />
      <p className="start-name">Listboard</p>
      <p className="start-error" role="alert">
        {message}
      </p>
      <button type="button" className="tool" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
