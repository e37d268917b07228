/**
 * Board events fan out to everyone watching, on every app instance. On PostgreSQL the events
 * travel through LISTEN/NOTIFY, so an event published by one instance reaches the viewers
 * connected to any other; the embedded database has one process, so an in-process emitter does.
 * Events carry ids only: viewers reload what changed through the normal, permission-checked calls.
 * An event about one item also carries what the visibility rule needs to know about it (`seen`),
 * so each stream can drop the events its viewer may not know of; `seen` never leaves the server.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { VisibleItem } from '@listboard/core';

export interface BoardEvent {
  multilistId: string;
  /** The call that changed the board, e.g. /api/forms/insert_note. */
  call: string;
  by: string;
  itemId?: string;
  at: number;
  /**
   * The item the event is about and, for a reply, its thread's root, after the change and before
   * it: whoever may see either hears of it.
   */
  seen?: { item: VisibleItem; thread: VisibleItem | null; on?: VisibleItem | null }[];
  /** The board's version after the change. */
  version?: number;
  /**
   * Set when the change stays inside one content item and the notes on it: that item's id. Each
   * stream then sends its viewer the item itself (realtime/item-patch.ts) instead of a reload.
   */
  patchItem?: string;
  /**
   * Set when the change stays inside some lists and the board's list rows: those lists' ids.
   * Each instance then brings its cached board up to date by reading them (realtime/list-patch.ts).
   */
  patchLists?: string[];
}

export interface EventBus {
  publish(event: BoardEvent): Promise<void>;
  subscribe(multilistId: string, handler: (e: BoardEvent) => void): () => void;
  /** Every event on every board, as this instance hears them (the change log of catch-up). */
  subscribeAll(handler: (e: BoardEvent) => void): () => void;
  /** Number of local subscribers, for presence and tests. */
  size(): number;
  close(): Promise<void>;
}

const CHANNEL = 'lb_board_events';
/** The emitter's name for every board at once; a symbol, so no board id can be it. */
const ALL = Symbol('all boards');

class LocalBus implements EventBus {
  protected emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  publish(e: BoardEvent): Promise<void> {
    // Delivered at once; a listener's error rejects the promise, as an async publish would.
    return new Promise((resolve) => {
      this.deliver(e);
      resolve();
    });
  }
  protected deliver(e: BoardEvent) {
    this.emitter.emit(ALL, e);
    this.emitter.emit(e.multilistId, e);
  }
  subscribe(multilistId: string, handler: (e: BoardEvent) => void) {
    this.emitter.on(multilistId, handler);
    return () => void this.emitter.off(multilistId, handler);
  }
  subscribeAll(handler: (e: BoardEvent) => void) {
    this.emitter.on(ALL, handler);
    return () => void this.emitter.off(ALL, handler);
  }
  /** Board ids with a subscriber here. */
  protected watched(): string[] {
    return this.emitter.eventNames().filter((n) => typeof n === 'string');
  }
  size() {
    return this.watched().reduce((n, name) => n + this.emitter.listenerCount(name), 0);
  }
  close(): Promise<void> {
    this.emitter.removeAllListeners();
    return Promise.resolve();
  }
}

class PostgresBus extends LocalBus {
  private listener: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  /** Set when the LISTEN connection was lost; events may have been missed since. */
  private lost = false;
  private closed = false;
  constructor(
    private readonly url: string,
    private readonly pool: { query(text: string, values: unknown[]): Promise<unknown> },
  ) {
    super();
  }

  /**
   * Keeps one LISTEN connection open, reconnecting after a server restart. Events published
   * while it was down never arrive, so after a reconnect every board watched here gets a
   * 'resync' event and its viewers reload.
   */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (msg) => {
      if (!msg.payload) return;
      try {
        this.deliver(JSON.parse(msg.payload) as BoardEvent);
      } catch {
        // A malformed payload is not ours; ignore it.
      }
    });
    const lose = () => {
      if (this.listener === client) this.reconnectSoon();
    };
    client.on('error', lose);
    client.on('end', lose);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    this.listener = client;
    if (this.lost) {
      this.lost = false;
      for (const id of this.watched()) {
        this.deliver({ multilistId: id, call: 'resync', by: '', at: Date.now() });
      }
    }
  }

  private reconnectSoon() {
    if (this.closed || this.retry) return;
    this.listener = null;
    this.lost = true;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.start().catch(() => this.reconnectSoon());
    }, 500);
  }

  override async publish(e: BoardEvent) {
    await this.pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(e)]);
  }

  override async close() {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await super.close();
    await this.listener?.end().catch(() => {});
  }
}

export async function createBus(opts: {
  databaseUrl?: string;
  pool?: { query(text: string, values: unknown[]): Promise<unknown> };
}): Promise<EventBus> {
  if (opts.databaseUrl && opts.pool) {
    const bus = new PostgresBus(opts.databaseUrl, opts.pool);
    await bus.start();
    return bus;
  }
  return new LocalBus();
}
