import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { eq, inArray } from 'drizzle-orm';
import {
  boardOpen,
  can,
  canSee,
  isGuestUser,
  must,
  type AppVersion,
  type VisibleBoard,
} from '@listboard/core';
import { events } from '@listboard/core/api/contracts/system';
import type { Db } from '../db/client';
import { multilists } from '../db/schema';
import { policyBoardOf } from '../services/boards/access';
import {
  cachedVersion,
  patchContent,
  patchListsContent,
  readListsContent,
} from '../services/boards/content';
import { viewerFor, visibleBoard, visibleBoardOf } from '../services/notes/visibility';
import type { BoardEvent, EventBus } from './bus';
import { buildPatch, patchFor, type BuiltPatch } from './item-patch';
import { ChangeLog } from './change-log';
import { followNewBoards, ownerBoards } from './owner-boards';
import { beatPresence, closePresence, openPresence } from './presence';
import { holdStream } from './session-streams';
import { userForSessionId } from '../services/accounts/sessions';
import { querySchema } from '../routes/contract-route';

/**
 * An item as it stood at a board version, read once per app instance however many of its
 * streams send it: to every viewer of a live event, and to every page catching up after a drop.
 */
const PATCHES_KEPT = 256;
const patches = new WeakMap<Db, Map<string, Promise<BuiltPatch | null>>>();
function builtPatch(db: Db, itemId: string, version: number | undefined) {
  let kept = patches.get(db);
  if (!kept) patches.set(db, (kept = new Map<string, Promise<BuiltPatch | null>>()));
  const key = `${itemId}@${String(version)}`;
  let p = kept.get(key);
  if (!p) {
    p = buildPatch(db, itemId).catch(() => null);
    kept.set(key, p);
    for (const oldest of kept.keys()) {
      if (kept.size <= PATCHES_KEPT) break;
      kept.delete(oldest);
    }
  }
  return p;
}
/** How long a stream trusts what it knows of its viewer's groups and unlocked boards. */
const VIEWER_TTL_MS = 5_000;
/** Calls that change who may read a board or what they see of it. */
const ACCESS_CALLS: ReadonlySet<string> = new Set([
  '/api/dbedit/edit_multilist',
  '/api/forms/add_coauthor',
  '/api/forms/remove_coauthor',
  '/api/forms/set_member',
  '/api/forms/assign_group',
  '/api/forms/join_group',
  'resync',
]);

/** The call that deletes a board. */
const BOARD_DELETED = '/api/forms/delete_multilist';

/** That a board changed, and nothing of the change: the page loads the board again. */
const bareEvent = (e: BoardEvent) =>
  `event: board\ndata: ${JSON.stringify({ multilistId: e.multilistId, call: e.call, version: e.version })}\n\n`;

/**
 * Server-sent events for the boards on screen. The browser's EventSource reconnects by itself;
 * a comment line every 20 s keeps proxies from closing an idle stream.
 */
export const eventRoutes: FastifyPluginCallbackZod<{
  db: Db;
  bus: EventBus;
  appVersion: AppVersion;
  /** Between two heartbeats of a stream (LIVE_HEARTBEAT). */
  heartbeatMs: number;
}> = (app, { db, bus, appVersion, heartbeatMs }, done) => {
  const open = new Set<() => void>();
  // What changed lately on every board, for pages that come back after a dropped stream.
  const log = new ChangeLog();
  // A change inside one item also brings this instance's cached copy of the board up to date, so
  // the next load does not read the whole board again.
  const unlog = bus.subscribeAll((e) => {
    log.record(e);
    const version = e.version;
    if (version === undefined || cachedVersion(db, e.multilistId) !== version - 1) return;
    if (e.patchItem)
      void builtPatch(db, e.patchItem, version).then((built) => {
        if (built) patchContent(db, e.multilistId, version, built.content);
      });
    else if (e.patchLists)
      // A failed read leaves the cache as it was: the next load reads the board.
      void readListsContent(db, e.multilistId, e.patchLists)
        .then((rows) => patchListsContent(db, e.multilistId, version, rows))
        .catch((err: unknown) => app.log.warn({ err }, 'cached board not patched'));
  });
  // Open streams would keep the server from closing, so they end before it starts to close
  // (onClose would run only after every connection had ended: never, with a viewer connected).
  app.addHook('preClose', (closing) => {
    unlog();
    open.forEach((end) => end());
    closing();
  });
  app.get(events.path, { schema: querySchema(events) }, async (req, reply) => {
    const asked = req.query.boards.split(',');
    const ids = asked
      .filter((id) => /^[0-9a-f-]{36}$/i.test(id))
      // The boards on screen and those a results page follows (at most 20 of each).
      .slice(0, 40);
    // The version the page holds of each board, in the same order, when it says.
    const held = new Map<string, number>();
    (req.query.at ?? '').split(',').forEach((v, i) => {
      const id = asked[i];
      if (id && /^\d{1,9}$/.test(v)) held.set(id, Number(v));
    });
    const rows = ids.length
      ? await db.select().from(multilists).where(inArray(multilists.id, ids))
      : [];
    const actor = req.actor;
    const sessionId = req.sessionId;
    // Boards the viewer may read at all; whether each is open to them now (a password given
    // in this session, a group joined) is asked again as events arrive.
    const boards = new Map<string, VisibleBoard>();
    const follow = async (row: (typeof rows)[number]) => {
      const policy = await policyBoardOf(db, row);
      if (!can(actor, policy, 'read', { appVersion })) return undefined;
      const board = visibleBoard(row, policy);
      boards.set(row.id, board);
      return board;
    };
    for (const b of rows) await follow(b);
    let viewer = await viewerFor(db, actor, sessionId);
    let viewerAt = Date.now();
    const allowed = [...boards.keys()];
    // A listing of the notes on someone's boards follows all of them; each is looked up the
    // first time one of its changes comes.
    const listing = await ownerBoards(db, actor, req.query.owner, req.query.since);
    const listed = async (id: string): Promise<VisibleBoard | undefined> => {
      if (!listing?.ids.has(id)) return undefined;
      const [row] = await db.select().from(multilists).where(eq(multilists.id, id));
      return row && follow(row);
    };
    // Each board's version as the stream starts: a viewer who loaded an older one missed a
    // change in between and reloads; one who is up to date does nothing. Locked boards tell
    // nothing, not even that they changed.
    const versions: Record<string, number> = {};
    for (const b of rows) {
      const board = boards.get(b.id);
      if (board && boardOpen(viewer, board)) versions[b.id] = b.version;
    }
    // A signed-in user's open stream is what the users board counts as being here now.
    const here = actor && !isGuestUser(actor) ? await openPresence(db, actor.id, sessionId) : null;
    const presenceFailed = (err: unknown) => req.log.warn({ err }, 'presence not updated');
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    // A page that holds an older version is sent what changed since, when the log knows it all
    // and each change was inside one item it may see; otherwise it loads (on 'ready' below).
    for (const [id, version] of Object.entries(versions)) {
      const from = held.get(id);
      const changed = from === undefined ? null : log.itemsSince(id, from, version);
      const board = boards.get(id);
      if (!changed || !board || from === undefined) continue;
      const built = await Promise.all(changed.map((item) => builtPatch(db, item, version)));
      const items = built.map((b) => (b ? patchFor(b, viewer, board, appVersion) : null));
      if (items.every((i) => i !== null)) {
        res.write(
          `event: board\ndata: ${JSON.stringify({ multilistId: id, call: 'catch-up', from, version, items })}\n\n`,
        );
      }
    }
    const greeting = {
      boards: Object.keys(versions),
      versions,
      ...(listing && { ownChanged: listing.changed }),
    };
    res.write(`retry: 2000\nevent: ready\ndata: ${JSON.stringify(greeting)}\n\n`);
    let refreshing: Promise<void> | null = null;
    // The session the stream was opened in, still live: a stream outlasts no sign-out.
    const sessionLive = async () =>
      sessionId === null || (await userForSessionId(db, sessionId))?.id === actor?.id;
    const refresh = () =>
      (refreshing ??= Promise.all([viewerFor(db, actor, sessionId), sessionLive()])
        .then(([v, live]) => {
          if (!live) {
            signedOut();
            return;
          }
          viewer = v;
          viewerAt = Date.now();
        })
        .catch((err: unknown) => req.log.warn({ err }, 'viewer not refreshed'))
        .finally(() => {
          refreshing = null;
        }));
    const send = async (e: BoardEvent) => {
      // A board deleted: everyone watching it is told, and nothing else (a load of its address
      // would say as much). Its unlocks went with it, so it is open to no reader now.
      if (e.call === BOARD_DELETED) {
        const watched = boards.has(e.multilistId) || listing?.ids.has(e.multilistId);
        if (watched && !stopped && !res.destroyed) res.write(bareEvent(e));
        return;
      }
      const board = boards.get(e.multilistId) ?? (await listed(e.multilistId));
      if (!board) return;
      // A change the greeting's version already counts: on PostgreSQL its notice can come after
      // the stream read the board, and the page holds it already or reloads for it.
      const greeted = versions[e.multilistId];
      if (e.version !== undefined && greeted !== undefined && e.version <= greeted) return;
      // Whether the board was open to this viewer before the change, as this stream knew it.
      const wasOpen = boardOpen(viewer, board);
      if (ACCESS_CALLS.has(e.call)) {
        const [row] = await db.select().from(multilists).where(eq(multilists.id, board.id));
        if (row) boards.set(row.id, await visibleBoardOf(db, row));
      }
      // A note of one of the viewer's groups goes to its members as they are now: one who has
      // just left the group is asked about afresh, and hears nothing of it.
      const ofMyGroup = e.seen?.some(({ item, thread }) =>
        [item, thread].some((i) => i?.groupName != null && viewer.groups.includes(i.groupName)),
      );
      const stale =
        Date.now() - viewerAt > VIEWER_TTL_MS || ACCESS_CALLS.has(e.call) || ofMyGroup === true;
      // A board still locked for this viewer is asked about afresh, so its events start the
      // moment this session gives the password.
      // The board as it is now: an access call above may have looked it up again.
      const current = () => must(boards.get(e.multilistId), `board ${e.multilistId}`);
      if (stale || !boardOpen(viewer, current())) await refresh();
      const now = current();
      const shown = e.seen
        ? e.seen.some((s) =>
            canSee(viewer, { kind: 'item', board: now, item: s.item, thread: s.thread, on: s.on }),
          )
        : boardOpen(viewer, now);
      if (stopped) return;
      if (!shown) {
        // The board has just closed to this viewer (a password set, their place on it taken
        // away): their page is told it changed, and loads it again, which asks for what it now
        // needs. Nothing of the change goes with it.
        if (wasOpen && !boardOpen(viewer, now) && !res.destroyed) res.write(bareEvent(e));
        return;
      }
      const { seen: _seen, patchItem, patchLists: _lists, ...out } = e;
      // A change inside one item travels as that item, as this viewer may see it.
      const built = patchItem ? await builtPatch(db, patchItem, e.version) : null;
      const item = built ? patchFor(built, viewer, now, appVersion) : null;
      // The page may have gone while the item was read.
      if (res.destroyed) return;
      res.write(`event: board\ndata: ${JSON.stringify(item ? { ...out, item } : out)}\n\n`);
    };
    // One at a time, so a viewer hears a board's events in the order they happened even when
    // one of them waits for a fresh look at the viewer.
    let queue = Promise.resolve();
    const deliver = (e: BoardEvent) => {
      queue = queue
        .then(() => send(e))
        .catch((err: unknown) => req.log.warn({ err }, 'board event not sent'));
    };
    const followed = new Set([...allowed, ...(listing?.ids ?? [])]);
    const unsubscribe = [...followed].map((id) => bus.subscribe(id, deliver));
    if (listing) {
      unsubscribe.push(
        followNewBoards(db, bus, listing, (id, changes) => {
          if (stopped) return;
          unsubscribe.push(bus.subscribe(id, deliver));
          changes.forEach(deliver);
        }),
      );
    }
    const beat = setInterval(() => {
      // A named event, which the page hears (a comment line it would not): its stream flows.
      res.write('event: beat\ndata: {}\n\n');
      if (here) void beatPresence(db, here, sessionId).catch(presenceFailed);
      void sessionLive()
        .then((live) => live || signedOut())
        .catch((err: unknown) => req.log.warn({ err }, 'session not checked'));
    }, heartbeatMs);
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      clearInterval(beat);
      if (here) void closePresence(db, here).catch(presenceFailed);
      unsubscribe.forEach((u) => u());
      open.delete(end);
      release();
    };
    const end = () => {
      stop();
      res.end();
    };
    // Its session has ended: the page is told (it asks its user to sign in again) and the stream
    // ends, before anything more is sent to it.
    function signedOut() {
      if (!stopped && !res.destroyed) res.write('event: signed-out\ndata: {}\n\n');
      end();
    }
    open.add(end);
    const release = sessionId ? holdStream(sessionId, signedOut) : () => {};
    res.on('close', stop);
    // A page that went while the stream was being set up (its close already heard by no one)
    // leaves no presence, subscription or heartbeat behind.
    if (res.destroyed || req.raw.socket.destroyed) stop();
  });
  done();
};
