/** The app's mark: three list columns of different lengths. Inline, so it needs no request. */
export function Logo({ size = 24, animated = false }: { size?: number; animated?: boolean }) {
  return (
    <svg
      className={`logo${animated ? ' logo-animated' : ''}`}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="7" fill="#2f5d8a" />
      <rect className="logo-bar" x="6" y="7" width="6" height="18" rx="2" fill="#fff" />
      <rect className="logo-bar" x="13" y="7" width="6" height="12" rx="2" fill="#cfe0f1" />
      <rect className="logo-bar" x="20" y="7" width="6" height="15" rx="2" fill="#fff" />
    </svg>
  );
}
