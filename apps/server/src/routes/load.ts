import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  validateRequired,
  LOADED_BOARD_TITLE_LISTED,
  LOADED_BOARD_TITLE_UNLISTED,
  LOAD_FILE_TYPES,
  isGuestUser,
  loadMsg,
} from '@listboard/core';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { badRequest, unauthorized } from '../lib/errors';
import { authorize, resolveTarget } from '../services/board-access';
import { loadBoard, LOAD_MAX_ITEMS } from '../services/load';
import { appendImportedItem, itemTextForUrl } from '../services/load-item';
import { touchBoard } from '../services/multilists';
import { userGroupNames } from '../services/notes';

const loaded = z.object({
  multilistId: z.string(),
  owner: z.string(),
  title: z.string(),
  ptitle: z.string(),
  lists: z.number(),
  items: z.number(),
});

export const loadRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  const limits = {
    allowPrivate: config.LOAD_ALLOW_PRIVATE,
    timeoutMs: config.LOAD_TIMEOUT_MS,
    maxBytes: config.LOAD_MAX_BYTES,
  };
  app.post(
    '/api/forms/load',
    {
      // A file travels as base64 inside the JSON body: four characters for every three bytes.
      bodyLimit: Math.ceil((config.LOAD_MAX_BYTES * 4) / 3) + 64 * 1024,
      schema: {
        tags: ['forms'],
        summary: 'Load a URL, a file or a query as a new board owned by the caller',
        description: [
          `One of url, fileinfo or query is required ("${loadMsg.urlFileOrQueryRequired}"); when several are given the file wins, then the URL.`,
          `- fileinfo: {data: base64 (a data: URL prefix is allowed), name, type?}. Types ${LOAD_FILE_TYPES.join(', ')}, told by the name's suffix, else by type (a media type or one of those names). At most LOAD_MAX_BYTES (10 MB by default).`,
          '- url: http(s) only, fetched by the server with a time limit and the same size cap; private, loopback and link-local addresses are refused unless LOAD_ALLOW_PRIVATE=true. The type comes from the answer’s media type, else the suffix, else the first bytes.',
          '- query: search arguments as in load_search (`searchStr=...&by=...`, or a whole address with a ?query), a custom code (`code=myBoards`), or plain words (a text search with the default arguments). Up to 1,000 results, one list per bucket; hits only the caller may see become private items.',
          `Headings become lists, paragraphs and pictures items, in order; text before the first heading goes in a list named after the file or page. Title: titleText, else '${LOADED_BOARD_TITLE_LISTED}' when listed, '${LOADED_BOARD_TITLE_UNLISTED}' when not (listed defaults to false); a number is added when the caller already has a board of that title. At most ${LOAD_MAX_ITEMS} items.`,
          'Answers {multilistId, owner, title, ptitle, lists, items}; the board is at /{owner}/{ptitle}. Errors are 400/401 {error}.',
        ].join('\n'),
        body: z.object({
          url: z.string().max(4000).nullable().optional(),
          fileinfo: z
            .object({
              data: z.string(),
              name: z.string().max(500),
              type: z.string().max(200).nullable().optional(),
            })
            .nullable()
            .optional(),
          query: z.string().max(4000).nullable().optional(),
          listed: z.boolean().optional(),
          titleText: z.string().max(500).nullable().optional(),
          descText: z.string().max(20_000).nullable().optional(),
        }),
        response: { 200: loaded },
      },
    },
    async (req) => {
      const actor = req.actor;
      if (!actor || isGuestUser(actor)) throw unauthorized('Please sign in to create a board.');
      return loadBoard(db, req.body, {
        actor,
        limits,
        search: {
          actor,
          sessionId: req.sessionId ?? null,
          appVersion: config.APP_VERSION,
          groups: await userGroupNames(db, actor.id),
        },
      });
    },
  );

  app.post(
    '/api/forms/import_item_url',
    {
      schema: {
        tags: ['forms'],
        summary: 'Append a web page or file to a list as one item',
        description: [
          'The item goes after itemId, or at the end of the list; text, if given, comes first.',
          'A picture, video, audio or document address is the item as it is (the markup shows it);',
          'a web page becomes its title as a link and its opening text; a txt, md, rtf or docx file',
          'its text (up to 20,000 characters). The address is fetched as by forms/load. Needs the',
          'insert right on the board. Answers {itemId, index}.',
        ].join(' '),
        body: z.object({
          listId: z.uuid(),
          itemId: z.uuid().optional(),
          text: z.string().max(100_000).optional(),
          url: z.string().max(4000),
        }),
        response: { 200: z.object({ itemId: z.string(), index: z.number() }) },
      },
    },
    async (req) => {
      const actor = req.actor;
      if (!actor || isGuestUser(actor)) throw unauthorized();
      const missing = validateRequired(req.body.url, 'url');
      if (missing) throw badRequest(missing);
      const { listId, itemId } = req.body;
      const place = async (tx: Db) => {
        const target = await resolveTarget(tx, itemId ? { itemId } : { listId });
        if (target.list?.id !== listId) throw badRequest('The item is not in that list.');
        authorize(actor, target.policy, 'insert', config.APP_VERSION);
        return target;
      };
      // Checked before the fetch, so no one without the right makes the server fetch anything,
      // and again in the write, where the board is locked; no lock is held while fetching.
      await db.transaction(place);
      const fetched = await itemTextForUrl(req.body.url, limits);
      const given = req.body.text?.trim();
      const text = given ? `${given}\n\n${fetched}` : fetched;
      const result = await db.transaction(async (tx) => {
        const target = await place(tx);
        const inserted = await appendImportedItem(
          tx,
          actor,
          { list: target.list!, after: target.item, owner: target.board.owner },
          { text, importUrl: req.body.url.trim() },
        );
        await touchBoard(tx, target.board.id);
        return { ...inserted, multilistId: target.board.id };
      });
      await app.bus
        .publish({
          multilistId: result.multilistId,
          call: '/api/forms/import_item_url',
          by: actor.username,
          itemId: result.itemId,
          at: Date.now(),
        })
        .catch((err) => req.log.warn({ err }, 'board event not published'));
      return { itemId: result.itemId, index: result.index };
    },
  );
};
