/**
 * Writes that may come many a second (the scroll position, as a reader scrolls) go out at most
 * once per interval: the first at once, the ones after it merged, the newest value of each key
 * winning, and sent when the interval is up. `flush` sends what is waiting now.
 */
export interface Coalescer<T extends object> {
  push(patch: T): void;
  flush(): void;
}

export function coalescer<T extends object>(
  send: (patch: T) => void,
  everyMs: number,
): Coalescer<T> {
  let pending: T | null = null;
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const go = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const patch = pending;
    pending = null;
    last = Date.now();
    send(patch);
  };
  return {
    push(patch) {
      pending = { ...pending, ...patch };
      if (timer !== undefined) return;
      const wait = last + everyMs - Date.now();
      if (wait <= 0) go();
      else timer = setTimeout(go, wait);
    },
    flush: go,
  };
}
