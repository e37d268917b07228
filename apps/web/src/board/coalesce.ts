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

/**
 * Writes to one record go out one at a time, in the order they were made. Two writes on their
 * way at once may be applied by the server in either order, and then the older one wins (a list
 * zoomed out twice, found zoomed out once after a reload). A write made while another to the same
 * record is on its way waits for it, merged with any others waiting, the newest value of each key
 * winning. `leave` sends what waits at once, for a page that may be going away.
 */
export interface InOrder<T extends object> {
  push(record: string, patch: T): void;
  leave(): void;
}

export function inOrder<T extends object>(
  send: (record: string, patch: T) => Promise<unknown>,
): InOrder<T> {
  const onTheWay = new Map<string, number>();
  const waiting = new Map<string, T>();
  const go = (record: string, patch: T) => {
    onTheWay.set(record, (onTheWay.get(record) ?? 0) + 1);
    void send(record, patch)
      .catch(() => undefined)
      .finally(() => {
        const left = (onTheWay.get(record) ?? 1) - 1;
        if (left > 0) return void onTheWay.set(record, left);
        onTheWay.delete(record);
        const next = waiting.get(record);
        waiting.delete(record);
        if (next) go(record, next);
      });
  };
  return {
    push(record, patch) {
      if (onTheWay.has(record)) waiting.set(record, { ...waiting.get(record), ...patch });
      else go(record, patch);
    },
    leave() {
      // Sent now, beside what is on its way (the page may be gone before that is answered), and
      // kept waiting: a page still there once all is answered sends it again, in case the
      // older write was applied last.
      for (const [record, patch] of waiting) go(record, patch);
    },
  };
}
