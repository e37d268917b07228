/** Notes hang off an item as a flat list; this orders them as a thread, each reply under its parent. */
export function threadOrder<T extends { _id: string; parentId: string | null; created: string }>(
  notes: readonly T[],
  rootId: string,
): T[] {
  const children = new Map<string, T[]>();
  const ids = new Set(notes.map((n) => n._id));
  for (const n of notes) {
    // A reply whose parent is not visible to this reader hangs off the item instead.
    const parent = n.parentId && ids.has(n.parentId) ? n.parentId : rootId;
    children.set(parent, [...(children.get(parent) ?? []), n]);
  }
  for (const list of children.values()) list.sort((a, b) => a.created.localeCompare(b.created));
  const out: T[] = [];
  const walk = (id: string) => {
    for (const c of children.get(id) ?? []) {
      out.push(c);
      walk(c._id);
    }
  };
  walk(rootId);
  return out;
}

/** What answersTo reads of a thing on a board: its kind, its writer and what it answers. */
interface InThread {
  annotationClass: string;
  author: string;
  parentId: string | null;
}

/**
 * Whether a reply answers `me`: a reply by someone else under a note or reply `me` wrote,
 * directly or further up its thread (a reply to one's teacher's answer to one's note is still in
 * one's thread). The walk stops at the item the thread is on: a reply on an item of one's own
 * answers whoever wrote its note, not the item's writer. `byId` holds what the caller sees.
 */
export function answersTo<T extends InThread>(
  x: T,
  me: string | null,
  byId: ReadonlyMap<string, T>,
): boolean {
  if (me === null || x.annotationClass !== 'reply' || x.author === me) return false;
  const passed = new Set<string>();
  for (let id = x.parentId; id !== null && !passed.has(id);) {
    passed.add(id);
    const up = byId.get(id);
    if (!up || up.annotationClass === 'none') return false;
    if (up.author === me) return true;
    id = up.parentId;
  }
  return false;
}
