import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  validateLoad,
  validateRequired,
  LOADED_BOARD_TITLE_LISTED,
  LOADED_BOARD_TITLE_UNLISTED,
  LOAD_FILE_TYPES,
  emailVerificationMsg,
  isGuestUser,
  loadMsg,
} from '@listboard/core';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { HttpError, badRequest, unauthorized } from '../lib/errors';
import { headingsOf, ImportError } from '../importers';
import type { StreamLine } from '@listboard/core/api/load';
import * as items from '@listboard/core/api/contracts/items';
import * as load from '@listboard/core/api/contracts/load';
import { authorize, resolveTarget } from '../services/boards/access';
import { assertVisible, viewerFor } from '../services/notes/visibility';
import {
  loadBoard,
  readUrl,
  LOAD_MAX_ITEMS,
  type LoadProgress,
  type LoadRequest,
} from '../services/load/load';
import { appendImportedItem, itemTextForUrl } from '../services/load/item';
import { touchBoard } from '../services/boards/multilists';
import { userGroupNames } from '../services/notes/visibility';
import { bodySchema } from './contract-route';

/** One line of a load's progress stream. */
export type LoadStreamLine = StreamLine;

export const loadRoutes: FastifyPluginCallbackZod<{ db: Db; config: Config }> = (
  app,
  { db, config },
  done,
) => {
  const limits = {
    allowPrivate: config.LOAD_ALLOW_PRIVATE,
    timeoutMs: config.LOAD_TIMEOUT_MS,
    maxBytes: config.LOAD_MAX_BYTES,
  };
  // A file travels as base64 inside the JSON body: four characters for every three bytes.
  const bodyLimit = Math.ceil((config.LOAD_MAX_BYTES * 4) / 3) + 64 * 1024;

  const signedIn = (req: FastifyRequest) => {
    const actor = req.actor;
    if (!actor || isGuestUser(actor)) throw unauthorized('Please sign in to create a board.');
    return actor;
  };
  const run = async (
    req: FastifyRequest,
    body: LoadRequest,
    progress?: (p: LoadProgress) => void,
  ) => {
    const actor = signedIn(req);
    return loadBoard(db, body, {
      actor,
      limits,
      progress,
      transact: req.transact,
      search: {
        actor,
        sessionId: req.sessionId ?? null,
        appVersion: config.APP_VERSION,
        groups: await userGroupNames(db, actor.id),
      },
    });
  };

  app.post(
    load.load.path,
    {
      bodyLimit,
      schema: bodySchema(load.load, {
        description: [
          `One of url, fileinfo or query is required ("${loadMsg.urlFileOrQueryRequired}"); when several are given the file wins, then the URL.`,
          `- fileinfo: {data: base64 (a data: URL prefix is allowed), name, type?}. Types ${LOAD_FILE_TYPES.join(', ')}, told by the name's suffix, else by type (a media type or one of those names). At most LOAD_MAX_BYTES (10 MB by default).`,
          '- url: http(s) only, fetched by the server with a time limit and the same size cap; private, loopback and link-local addresses are refused unless LOAD_ALLOW_PRIVATE=true. The type comes from the answer’s media type, else the suffix, else the first bytes.',
          '- query: search arguments as in load_search (`searchStr=...&by=...`, or a whole address with a ?query), a custom code (`code=myBoards`), or plain words (a text search with the default arguments). Up to 1,000 results, one list per bucket; hits only the caller may see become private items.',
          `Headings become lists, paragraphs and pictures items, in order; text before the first heading goes in a list named after the file or page. Title: titleText, else '${LOADED_BOARD_TITLE_LISTED}' when listed, '${LOADED_BOARD_TITLE_UNLISTED}' when not (listed defaults to false); a number is added when the caller already has a board of that title. At most ${LOAD_MAX_ITEMS} items.`,
          'Answers {multilistId, owner, title, ptitle, lists, items}; the board is at /{owner}/{ptitle}. Errors are 400/401 {error}.',
        ].join('\n'),
      }),
    },
    async (req) => run(req, req.body),
  );

  app.post(
    load.loadStream.path,
    { bodyLimit, schema: bodySchema(load.loadStream) },
    async (req, reply) => {
      signedIn(req);
      const problem = validateLoad({
        url: req.body.url,
        file: req.body.fileinfo?.data,
        query: req.body.query,
      });
      if (problem) throw badRequest(problem);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'application/x-ndjson; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      const send = (line: LoadStreamLine) => {
        if (!res.writableEnded) res.write(`${JSON.stringify(line)}\n`);
      };
      try {
        send({ phase: 'done', board: await run(req, req.body, send) });
      } catch (err) {
        if (err instanceof HttpError) {
          send({ phase: 'error', status: err.statusCode, error: err.message });
        } else if (err instanceof ImportError) {
          send({ phase: 'error', status: 400, error: err.message });
        } else {
          req.log.error(err);
          send({ phase: 'error', status: 500, error: emailVerificationMsg.somethingWentWrong });
        }
      }
      res.end();
    },
  );

  app.post(load.readSource.path, { schema: bodySchema(load.readSource) }, async (req) => {
    signedIn(req);
    const missing = validateRequired(req.body.url, 'url');
    if (missing) throw badRequest(missing);
    let read: Awaited<ReturnType<typeof readUrl>>;
    try {
      read = await readUrl(req.body.url, limits);
    } catch (err) {
      if (err instanceof ImportError) throw badRequest(err.message);
      throw err;
    }
    // One list: the first list's title names it (the document's, where it has one), and every
    // other heading stays, as an item of its own.
    const [first, ...rest] = read.lists;
    const heading = (h: string) => `### ${h}`;
    const items = [
      ...(first?.documentTitle ? headingsOf(first) : (first?.over ?? [])).map(heading),
      ...(first?.items ?? []),
      ...rest.flatMap((l) => [...headingsOf(l).map(heading), ...l.items]),
    ].filter((t) => t.trim() !== '');
    if (items.length === 0) {
      throw badRequest(`Nothing to load: no text was found in ${read.source}.`);
    }
    return { title: first?.documentTitle ?? first?.title ?? read.source, items };
  });

  app.post(items.importItemUrl.path, { schema: bodySchema(items.importItemUrl) }, async (req) => {
    const actor = req.actor;
    if (!actor || isGuestUser(actor)) throw unauthorized();
    const missing = validateRequired(req.body.url, 'url');
    if (missing) throw badRequest(missing);
    const { listId, itemId } = req.body;
    const place = async (tx: Db) => {
      const target = await resolveTarget(tx, itemId ? { itemId } : { listId });
      await assertVisible(tx, await viewerFor(tx, actor, req.sessionId), target, {
        allowLocked: false,
      });
      if (target.list.id !== listId) throw badRequest('The item is not in that list.');
      authorize(actor, target.policy, 'insert', config.APP_VERSION);
      return target;
    };
    // Checked before the fetch, so no one without the right makes the server fetch anything,
    // and again in the write, where the board is locked; no lock is held while fetching.
    await db.transaction(place);
    const fetched = await itemTextForUrl(req.body.url, limits);
    const given = req.body.text?.trim();
    const text = given ? `${given}\n\n${fetched}` : fetched;
    const result = await req.transact(async (tx, note) => {
      const target = await place(tx);
      const inserted = await appendImportedItem(
        tx,
        actor,
        { list: target.list, after: target.item, owner: target.board.owner },
        { text, importUrl: req.body.url.trim() },
      );
      const version = await touchBoard(tx, target.board.id);
      note.board = target.board;
      note.itemId = inserted.itemId;
      return { ...inserted, multilistId: target.board.id, listId: target.list.id, version };
    });
    await app.bus
      .publish({
        multilistId: result.multilistId,
        call: '/api/forms/import_item_url',
        by: actor.username,
        itemId: result.itemId,
        at: Date.now(),
        version: result.version,
        // The item joins one list: the instances patch their cached board (realtime/list-patch).
        patchLists: [result.listId],
      })
      .catch((err: unknown) => req.log.warn({ err }, 'board event not published'));
    return { itemId: result.itemId, index: result.index };
  });
  done();
};
