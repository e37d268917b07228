import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isGuestUser, mayListFor, parseAddress, type Device } from '@listboard/core';
import type { Actor } from '../services/accounts/users';
import * as load from '@listboard/core/api/contracts/load';
import * as exported from '@listboard/core/api/contracts/export';
import { badRequest, forbidden, unauthorized } from '../lib/errors';
import { BOARD_LISTINGS, CUSTOM_CODES } from '@listboard/core/api/search';
import { waitingNotes } from '../services/search/custom';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { loadMultilists, loadMultilistsJson } from '../services/boards/load';
import { ensureHomeBoard } from '../services/boards/dashboard';
import { boardNews } from '../services/boards/news';
import { boardsDue } from '../services/boards/due';
import { movedBoards } from '../services/boards/moves';
import { userGroupNames } from '../services/notes/visibility';
import { runSearch } from '../services/search/search';
import { customListing, listingCode } from '../services/search/listing';
import { listingFile } from '../services/search/listing-file';
import { myTags } from '../services/search/my-tags';
import { SEARCH_QUERY_DOC, isGeneralSearch, readSearchArgs } from '../services/search/args';
import { bodySchema, querySchema } from './contract-route';
import { ENCODE_FROM_CHARS, encodedAnswer, preferredEncoding } from './encoded-answers';

/**
 * Who asks for the listings of `asked` (the caller when null): a signed-in user other than the
 * guest, for themselves, or a site admin for anyone (core mayListFor).
 */
function listerOf(actor: Actor | null, asked: string | null): { actor: Actor; username: string } {
  if (!actor || isGuestUser(actor)) throw unauthorized('Please sign in to see your listings.');
  const username = asked ?? actor.username;
  if (!mayListFor(actor, username)) throw forbidden('You can only list your own notes and boards.');
  return { actor, username };
}

export const dbloadRoutes: FastifyPluginCallbackZod<{ db: Db; config: Config }> = (
  app,
  { db, config },
  done,
) => {
  const loadContext = (
    req: FastifyRequest,
    device: Device | undefined,
    form?: 'full' | 'packed',
  ) => ({
    actor: req.actor,
    appVersion: config.APP_VERSION,
    device,
    form,
    sessionId: req.sessionId,
    log: (m: string) => req.log.info(m),
  });

  /**
   * Answers with the boards as JSON text and an ETag naming everything the answer depends on
   * (board versions, membership, the caller's roles, groups, unlocks and view states). A caller
   * that sends the same tag back in If-None-Match gets 304 and no body.
   */
  async function sendBoards(
    req: FastifyRequest,
    reply: FastifyReply,
    addresses: string[],
    device: Device | undefined,
    form: 'full' | 'packed' | undefined,
  ) {
    // A signed-in user's own home board (the dashboard) is made the first time they open it.
    await ensureHomeBoard(db, req.actor, addresses);
    const held = matchTags(req.headers['if-none-match']);
    const out = await loadMultilistsJson(db, addresses, loadContext(req, device, form), held);
    reply
      .header('etag', `"${out.fingerprint}"`)
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie, X-Mongo-User-ID, Accept-Encoding');
    if ('notModified' in out) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    if (!encoding || out.json.length < ENCODE_FROM_CHARS) return reply.send(out.json);
    // Every reader of the same answer gets the same compressed bytes, compressed once.
    const body = await encodedAnswer(out.fingerprint, out.json, encoding);
    return reply.header('content-encoding', encoding).send(body);
  }

  app.post(load.loadMultilists.path, { schema: bodySchema(load.loadMultilists) }, (req, reply) =>
    sendBoards(req, reply, req.body.addresses, req.body.device, req.body.form),
  );

  app.get(load.loadMultilists.path, { schema: querySchema(load.loadMultilists) }, (req, reply) =>
    sendBoards(req, reply, req.query.addresses, req.query.device, req.query.form),
  );

  app.post(
    load.loadSearch.path,
    {
      schema: bodySchema(load.loadSearch, {
        description:
          'Custom searches of the Listings and Discussion pages: `/{user}/home?code=pending&username={user}`. ' +
          `Codes: ${CUSTOM_CODES.join(', ')}. Results come as one list per week, newest first. ` +
          'pending, answered, dismissed and myNotes list the notes on the boards the user owns, coauthors or edits. With `&board={ptitle}` ' +
          '(a board of the user’s) or `&board={owner}/{ptitle}` (one they coauthor or edit) they list the ' +
          "notes on that one board (404 for any other); with `&group={name}`, the notes posted to that reader group (the answer's `noteGroups` names the groups to choose from); with `&tag={tag}`, the notes whose words, or those of a reply to them the caller may see, carry that tag (`#tag`, any case; 400 for words that are no tag; the answer's `onTag` names it; notes takes it too); with `&writer={username}`, that one reader's notes (404 for no such user; the answer's `onWriter` names them). With `&order=helpful`, most marked helpful first, and with `&order=questions` the notes that ask first (then newest first), in one list (the answer's `noteOrder` says so). A listing of notes " +
          'reads the newest 500; `&page=1` the 500 before them, and so on (its description links ' +
          'to the newer and the older ones).\n\n' +
          SEARCH_QUERY_DOC +
          '\n\nThe answer is a board (Multilist) of results; a general search adds `search`: `{args, page, pageSize, count, hasNext, saved?}`; ' +
          '`saved` is `{multilistId, owner, title, ptitle, existing}` when save was asked. ' +
          'A bad argument is a 400 `{error}` carrying the spec message.',
      }),
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
      return customListing(db, listerOf(actor, params.get('username')), params, {
        sessionId: req.sessionId ?? null,
        appVersion: config.APP_VERSION,
      });
    },
  );

  app.post(
    exported.exportListing.path,
    { schema: bodySchema(exported.exportListing) },
    async (req) => {
      const params = new URLSearchParams(parseAddress(req.body.address).query ?? '');
      if (isGeneralSearch(params) || BOARD_LISTINGS.includes(listingCode(params)))
        throw badRequest(
          'Only a listing of notes is exported: open Discussion, My notes or Notes.',
        );
      const listing = await customListing(db, listerOf(req.actor, params.get('username')), params, {
        sessionId: req.sessionId ?? null,
        appVersion: config.APP_VERSION,
      });
      return listingFile(listing, req.body.format, { publicUrl: config.PUBLIC_URL });
    },
  );

  app.post(load.waitingNotes.path, { schema: bodySchema(load.waitingNotes) }, async (req) => {
    const { actor, username } = listerOf(req.actor, req.body.username ?? null);
    return waitingNotes(db, { actor, sessionId: req.sessionId ?? null }, username);
  });

  app.post(load.boardNews.path, { schema: bodySchema(load.boardNews) }, async (req) => {
    if (!req.actor) throw unauthorized('Please sign in to see what is new on your boards.');
    return boardNews(db, loadContext(req, req.body.device));
  });

  app.post(load.boardsDue.path, { schema: bodySchema(load.boardsDue) }, async (req) => {
    if (!req.actor) throw unauthorized('Please sign in to see when notes are due on your boards.');
    return boardsDue(db, loadContext(req, req.body.device));
  });

  app.post(load.myTags.path, { schema: bodySchema(load.myTags) }, async (req) => {
    if (!req.actor) throw unauthorized('Please sign in to see the tags of your notes.');
    return myTags(db, req.actor, req.sessionId ?? null);
  });

  app.post(load.movedBoards.path, { schema: bodySchema(load.movedBoards) }, async (req) =>
    movedBoards(db, req.body.addresses),
  );

  app.post(load.loadSection.path, { schema: bodySchema(load.loadSection) }, async (req) => {
    const [board] = await loadMultilists(db, [req.body.address], loadContext(req, req.body.device));
    if (!board) return null;
    const stop = req.body.stopIndex ?? req.body.sectionIndex;
    return {
      ...board,
      lists: board.lists.filter((l) => l.index >= req.body.sectionIndex && l.index <= stop),
      sectionsInfoArray: board.sectionsInfoArray.filter(
        (s) => s.indexInBoard >= req.body.sectionIndex && s.indexInBoard <= stop,
      ),
    };
  });
  done();
};

/** The entity tags of an If-None-Match header, without quotes or weak prefixes. */
export function matchTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, '').replace(/^"|"$/g, ''))
    .filter(Boolean);
}
