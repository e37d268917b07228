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
