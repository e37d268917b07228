/** Placeholder columns while a board loads, so the page keeps its shape instead of jumping. */
export function BoardSkeleton() {
  return (
    <div className="board skeleton" role="status" aria-label="Loading board">
      <div className="skeleton-line skeleton-title" />
      <div className="lists">
        {[5, 3, 4].map((n, i) => (
          <div key={i} className="list" aria-hidden="true">
            <div className="list-header">
              <div className="skeleton-line" />
            </div>
            <div className="list-items">
              {Array.from({ length: n }, (_, j) => (
                <div key={j} className="item skeleton-item" />
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
