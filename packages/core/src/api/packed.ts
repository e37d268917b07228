/**
 * The packed form of a board load (load_multilists with `form: 'packed'`): the same boards with
 * each item's fields left out wherever the reader can tell them from where the item stands.
 *
 * An item is most of a board's bytes, and most of an item's fields say nothing: nulls, empty
 * lists, its board and list again, its owner again, its modified date equal to its created one,
 * and each block's text, which is a piece of the item's text. The packed form leaves out
 *
 * - a field equal to its default (ITEM_DEFAULTS: null, false, 0, 'none', [] or {});
 * - listId, multilistId and listIndex equal to those of the list and board it is in;
 * - owner equal to the board's owner, author equal to the item's owner, modified equal to created;
 * - indexInBoard when it is the item's count in the board so far (content items) or -1 (notes);
 * - a block's text when it is a piece of the item's text (as it is when the server split the
 *   item into blocks): the block names the piece's start and length instead (`textAt`);
 *
 * and unpackBoards puts every one of them back, so the page holds exactly what the full form
 * holds. A full answer unpacks to itself: nothing present is ever overwritten.
 */
import type { Block, Item, List, Multilist } from '../model/entities';
import { itemDefaults, ITEM_DEFAULTS, type DefaultedKey } from '../model/item-defaults';

/** An item's fields that are the same for every viewer of a board version. */
export type SharedItem = Omit<Item, 'indexInBoard' | 'viewstate' | 'notes'>;

/** Where an item stands: what the packed form leaves out is read from here. */
export interface ItemPlace {
  multilistId: string;
  boardOwner: string;
  listId: string;
  listIndex: number;
}

/** An object with no keys of its own (a record of styles or flags, say). */
function isEmpty(value: object): boolean {
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

/** A default's value; empty lists and records are all alike, so one test serves each kind. */
function isDefault(key: DefaultedKey, value: unknown): boolean {
  const d: unknown = ITEM_DEFAULTS[key];
  if (Array.isArray(d)) return Array.isArray(value) && value.length === 0;
  if (d !== null && typeof d === 'object')
    return value !== null && typeof value === 'object' && isEmpty(value);
  return value === d;
}

const isDefaultedKey = (key: string): key is DefaultedKey => Object.hasOwn(ITEM_DEFAULTS, key);

/** Blocks as sent: each with its text, or with where its text is in its item's (`textAt`). */
function packBlocks(text: string, blocks: readonly Block[]): PackedBlock[] {
  // Each block's text is found in the item's text after the block before it.
  let from = 0;
  return blocks.map((b): PackedBlock => {
    const at = b.text === '' ? -1 : text.indexOf(b.text, from);
    if (at < 0) return b;
    from = at + b.text.length;
    const out: Record<string, unknown> = {};
    for (const key in b) if (key !== 'text') out[key] = b[key as keyof Block];
    out.textAt = [at, b.text.length];
    return out as PackedBlock;
  });
}

/** An item's shared fields as the packed form sends them. */
export function packItem(item: SharedItem, at: ItemPlace): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in item) {
    const value: unknown = item[key as keyof SharedItem];
    if (key === 'blocks') {
      if (item.blocks.length > 0) out.blocks = packBlocks(item.text, item.blocks);
      continue;
    }
    if (isDefaultedKey(key) && isDefault(key, value)) continue;
    const told =
      (key === 'listId' && value === at.listId) ||
      (key === 'multilistId' && value === at.multilistId) ||
      (key === 'listIndex' && value === at.listIndex) ||
      (key === 'owner' && value === at.boardOwner) ||
      (key === 'author' && value === item.owner) ||
      (key === 'modified' && value === item.created);
    if (!told) out[key] = value;
  }
  return out;
}

/** A board as the packed form sends it: its items with fields left out. */
export type PackedMultilist = Omit<Multilist, 'lists'> & {
  lists: (Omit<List, 'items'> & { items: PackedItem[] })[];
};
/** A block whose text is a piece of its item's text names where: its start and its length. */
type PackedBlock = Block | (Omit<Block, 'text'> & { text?: undefined; textAt: [number, number] });
export type PackedItem = Partial<Omit<Item, 'notes' | 'blocks'>> & {
  _id: string;
  text: string;
  created: string;
  notes?: PackedItem[];
  blocks?: PackedBlock[];
};

/**
 * An item with every field, at its default or empty: each unpacked item starts as one of these
 * and has its fields assigned, so every item shares one shape. (Spreading the packed fields into
 * the defaults gave each item its own order of keys and V8 a dictionary for each: 2,000 items
 * took 70 ms to unpack, most of it there.)
 */
const blankItem = (): Record<string, unknown> => ({
  _id: '',
  listId: '',
  multilistId: '',
  index: 0,
  listIndex: 0,
  indexInBoard: 0,
  owner: '',
  author: '',
  text: '',
  created: '',
  modified: '',
  version: 0,
  ...itemDefaults(),
});

function unpackItem(
  packed: PackedItem,
  at: ItemPlace,
  indexInBoard: number,
  notes: (p: PackedItem) => Item,
): Item {
  const out = blankItem();
  Object.assign(out, packed);
  out.listId = packed.listId ?? at.listId;
  out.multilistId = packed.multilistId ?? at.multilistId;
  out.listIndex = packed.listIndex ?? at.listIndex;
  out.owner = packed.owner ?? at.boardOwner;
  out.author = packed.author ?? out.owner;
  out.modified = packed.modified ?? packed.created;
  out.indexInBoard = packed.indexInBoard ?? indexInBoard;
  out.blocks = (packed.blocks ?? []).map((b): Block => {
    if (!('textAt' in b)) return b;
    const [start, length] = b.textAt;
    const block: Record<string, unknown> = { text: packed.text.slice(start, start + length) };
    for (const key in b) if (key !== 'textAt') block[key] = b[key as keyof typeof b];
    return block as unknown as Block;
  });
  out.notes = (packed.notes ?? []).map(notes);
  return out as unknown as Item;
}

/** The boards of a packed answer (or a full one, which comes back as it was) in their full form. */
export function unpackBoards(boards: readonly (PackedMultilist | Multilist)[]): Multilist[] {
  return boards.map((board) => {
    let count = 0;
    const lists = (board.lists as PackedMultilist['lists']).map((list) => {
      const at: ItemPlace = {
        multilistId: board._id,
        boardOwner: board.owner,
        listId: list._id,
        listIndex: list.index,
      };
      const note = (p: PackedItem): Item => unpackItem(p, at, -1, note);
      const items = list.items.map((p) => unpackItem(p, at, count++, note));
      return { ...list, items };
    });
    return { ...board, lists };
  });
}
