/**
 * The search form's values and the search arguments of an address (spec section 3): searchStr,
 * by, users, start, stop, collect (mode links or collect), save, bucket, ascend, circle, items,
 * replies, annos, notes, and the time zone. Only values other than the defaults go in the
 * address, so links stay short.
 */
import {
  DEFAULT_SEARCH_BUCKET,
  DEFAULT_SEARCH_USERS,
  DEFAULT_TIME_ZONE,
  zoneOf,
  type TimeZoneName,
} from '@listboard/core';
import type { Values } from '../forms/registry';
import { str, text } from '../forms/helpers';
import type { SearchArgsEcho } from './results';

export const SEARCH_MODES = ['links', 'collect'] as const;
export const KINDS = ['items', 'replies', 'annos', 'notes'] as const;

export interface SearchFormValues {
  searchStr: string;
  by: string;
  users: string;
  start: string;
  stop: string;
  zone: TimeZoneName;
  mode: (typeof SEARCH_MODES)[number];
  save: boolean;
  bucket: string;
  ascend: boolean;
  circle: string;
  items: boolean;
  replies: boolean;
  annos: boolean;
  notes: boolean;
}

export function defaultSearchValues(isGuest: boolean): SearchFormValues {
  return {
    searchStr: '',
    by: 'text',
    // A guest owns nothing, so 'me' would find nothing.
    users: isGuest ? 'all' : DEFAULT_SEARCH_USERS,
    start: '',
    stop: '',
    zone: DEFAULT_TIME_ZONE,
    mode: 'links',
    save: false,
    bucket: DEFAULT_SEARCH_BUCKET,
    ascend: false,
    circle: '',
    items: true,
    replies: true,
    annos: true,
    notes: true,
  };
}

/** The form as it was for the search on screen. */
export function valuesOfArgs(args: SearchArgsEcho): SearchFormValues {
  return {
    searchStr: args.searchStr,
    by: args.by,
    users: Array.isArray(args.users) ? args.users.join(', ') : args.users,
    start: args.start,
    stop: args.stop,
    zone: args.zone,
    mode: args.collect ? 'collect' : 'links',
    save: false,
    bucket: args.bucket,
    ascend: args.ascend === true,
    circle: args.circle ?? '',
    items: args.items,
    replies: args.replies,
    annos: args.annos,
    notes: args.notes,
  };
}

export function readSearchValues(v: Values): SearchFormValues {
  return {
    searchStr: text(v, 'searchStr'),
    by: str(v, 'by') || 'text',
    users: str(v, 'users') || DEFAULT_SEARCH_USERS,
    start: str(v, 'start'),
    stop: str(v, 'stop'),
    zone: zoneOf(str(v, 'zone')),
    mode: v.mode === 'collect' ? 'collect' : 'links',
    save: Boolean(v.save),
    bucket: str(v, 'bucket') || DEFAULT_SEARCH_BUCKET,
    ascend: Boolean(v.ascend),
    circle: str(v, 'circle'),
    items: Boolean(v.items),
    replies: Boolean(v.replies),
    annos: Boolean(v.annos),
    notes: Boolean(v.notes),
  };
}

/** The query arguments of a search; save is asked separately. */
export function searchParams(f: SearchFormValues): URLSearchParams {
  const p = new URLSearchParams();
  p.set('searchStr', f.searchStr.trim());
  p.set('by', f.by);
  if (f.users.toLowerCase() !== DEFAULT_SEARCH_USERS) p.set('users', f.users);
  if (f.circle) p.set('circle', f.circle);
  if (f.start) p.set('start', f.start);
  if (f.stop) p.set('stop', f.stop);
  if (f.zone !== DEFAULT_TIME_ZONE) p.set('zone', f.zone);
  if (f.bucket !== DEFAULT_SEARCH_BUCKET) p.set('bucket', f.bucket);
  if (f.mode === 'collect') p.set('mode', 'collect');
  if (f.ascend) p.set('ascend', 'true');
  for (const k of KINDS) if (!f[k]) p.set(k, 'false');
  return p;
}
