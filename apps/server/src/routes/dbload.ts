import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEVICES, isGuestUser, isSiteAdmin, parseAddress } from '@listboard/core';
import { badRequest, forbidden, unauthorized } from '../lib/errors';
import { CUSTOM_CODES, customHits, resultsBoard, type CustomCode } from '../services/custom-search';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { loadMultilists } from '../services/boards-load';
import { ensureHomeBoard } from '../services/dashboard';
import { userGroupNames } from '../services/notes';
import { runSearch } from '../services/search';
import { SEARCH_QUERY_DOC, isGeneralSearch, readSearchArgs } from '../services/search-args';

export const dbloadRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  app.post(
    '/api/dbload/load_multilists',
    {
      schema: {
        tags: ['dbload'],
        summary: 'Load boards by address, with lists, items, blocks and the caller’s view states',
        description:
          'Each address is a board path such as `/admin/home` or a chained one such as `/admin/home;help`. ' +
          'Boards come back in address order; missing boards are left out (and logged).',
        body: z.object({
          addresses: z.array(z.string().max(2000)).max(50),
          username: z.string().max(200).optional(),
          device: z.enum(DEVICES).optional(),
        }),
      },
    },
    async (req) => {
      await ensureHomeBoard(db, req.actor, req.body.addresses);
      return loadMultilists(db, req.body.addresses, {
        actor: req.actor,
        appVersion: config.APP_VERSION,
        device: req.body.device,
        sessionId: req.sessionId,
        log: (m) => req.log.info(m),
      });
    },
  );

  app.post(
    '/api/dbload/load_search',
    {
      schema: {
        tags: ['dbload'],
        summary: 'Run a search given as an address query and return its results as a board',
        description:
          'Custom searches of the Listings and Discussion pages: `/{user}/home?code=pending&username={user}`. ' +
          `Codes: ${CUSTOM_CODES.join(', ')}. Results come as one list per week, newest first.\n\n` +
          SEARCH_QUERY_DOC +
          '\n\nThe answer is a board (Multilist) of results plus `search`: `{args, page, pageSize, count, hasNext, saved?}`; ' +
          '`saved` is `{multilistId, owner, title, ptitle, existing}` when save was asked. ' +
          'A bad argument is a 400 `{error}` carrying the spec message.',
        body: z.object({ address: z.string().max(4000), username: z.string().max(200).optional() }),
      },
    },
    async (req) => {
      const actor = req.actor;
      const { query } = parseAddress(req.body.address);
      const params = new URLSearchParams(query ?? '');
      if (isGeneralSearch(params)) {
        return runSearch(db, readSearchArgs(params), {
          actor,
          sessionId: req.sessionId ?? null,
          appVersion: config.APP_VERSION,
          groups: actor && !isGuestUser(actor) ? await userGroupNames(db, actor.id) : [],
        });
      }
      if (!actor || isGuestUser(actor)) throw unauthorized('Please sign in to see your listings.');
      const code = params.get('code');
      if (!code || !(CUSTOM_CODES as readonly string[]).includes(code)) {
        throw badRequest(`Unknown search code: ${code ?? '(none)'}`);
      }
      const username = params.get('username') ?? actor.username;
      if (username !== actor.username && !isSiteAdmin(actor))
        throw forbidden('You can only list your own notes and boards.');
      const hits = await customHits(db, actor, code as CustomCode, username);
      return resultsBoard(username, code as CustomCode, hits);
    },
  );

  app.post(
    '/api/dbload/load_section',
    {
      schema: {
        tags: ['dbload'],
        summary:
          'Load one section of a board: the lists from sectionIndex to stopIndex (inclusive)',
        description:
          'Sections are the board’s lists in order; on a course board week is 0, tip 1 and prompt 2.',
        body: z.object({
          address: z.string().max(2000),
          sectionIndex: z.number().int().min(0),
          stopIndex: z.number().int().min(0).optional(),
          username: z.string().max(200).optional(),
          device: z.enum(DEVICES).optional(),
        }),
      },
    },
    async (req) => {
      const [board] = await loadMultilists(db, [req.body.address], {
        actor: req.actor,
        appVersion: config.APP_VERSION,
        device: req.body.device,
        sessionId: req.sessionId,
        log: (m) => req.log.info(m),
      });
      if (!board) return null;
      const stop = req.body.stopIndex ?? req.body.sectionIndex;
      return {
        ...board,
        lists: board.lists.filter((l) => l.index >= req.body.sectionIndex && l.index <= stop),
        sectionsInfoArray: board.sectionsInfoArray.filter(
          (s) => s.indexInBoard >= req.body.sectionIndex && s.indexInBoard <= stop,
        ),
      };
    },
  );
};
