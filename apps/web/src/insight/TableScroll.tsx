import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A table's own sideways scroller, for a table that may be wider than the screen (a phone): the
 * keyboard reaches it (Tab, then the arrow keys scroll it) and a screen reader names it by
 * `label`. With a `hint`, a table wider than its room says so above it, where nothing else
 * would (the columns off to the side).
 */
export function TableScroll({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [wider, setWider] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || !hint) return;
    const measure = () => setWider(el.scrollWidth > el.clientWidth + 1);
    measure();
    const watch = new ResizeObserver(measure);
    watch.observe(el);
    return () => watch.disconnect();
  }, [hint]);
  return (
    <>
      {wider && <p className="scroll-hint">{hint}</p>}
      <div ref={box} className="table-scroll" tabIndex={0} role="region" aria-label={label}>
        {children}
      </div>
    </>
  );
}
