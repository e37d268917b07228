/**
 * The Course grades page's calls, through the board-call registrar: the board's authors (core
 * policy 'insight', as for every reader's figures) read and set the scores its course links send
 * to their platforms' gradebooks. Sending scores and reading the roster wait on the platform, so
 * they do so after their transaction (finish), never holding it open.
 */
import * as lti from '@listboard/core/api/contracts/lti';
import { conflict } from '../lib/errors';
import { boardLink, courseLinks, setLinkWeights, setOverride } from '../services/lti/gradebook';
import { pushLinkScores } from '../services/lti/grades';
import { platformById } from '../services/lti/platforms';
import { syncRoster } from '../services/lti/roster';
import { ServiceError } from '../services/lti/service-token';
import { defineCall, type BoardCall } from './board-call';

const board = (b: { multilistId: string }) => ({ multilistId: b.multilistId });

/** A platform's refusal or silence, said to the instructor as it is (409). */
async function fromPlatform<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof ServiceError) throw conflict(e.message);
    if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'TypeError'))
      throw conflict('The platform did not answer. Try again in a moment.');
    throw e;
  }
}

export const GRADE_CALLS: BoardCall[] = [
  defineCall({
    contract: lti.boardGrades,
    action: 'insight',
    refusedAs: 'see the course grades of this board',
    readOnly: true,
    target: board,
    run: async (tx, { target }) => ({ links: await courseLinks(tx, target.board.id) }),
  }),
  defineCall({
    contract: lti.setGrade,
    action: 'insight',
    readOnly: true,
    recorded: true,
    target: board,
    run: async (tx, { target, body, actor }) => {
      const link = await boardLink(tx, target.board.id, body);
      const learner = await setOverride(
        tx,
        link,
        { userId: body.userId, score: body.score, comment: body.comment, by: actor.username },
        new Date(),
      );
      return { learner };
    },
  }),
  defineCall({
    contract: lti.setGradeWeights,
    action: 'insight',
    readOnly: true,
    recorded: true,
    target: board,
    run: async (tx, { target, body }) => {
      await setLinkWeights(tx, await boardLink(tx, target.board.id, body), body.weights);
    },
  }),
  defineCall({
    contract: lti.sendGrades,
    action: 'insight',
    readOnly: true,
    recorded: true,
    target: board,
    run: async (tx, { target, body }) => {
      await boardLink(tx, target.board.id, body);
      return { sent: 0 };
    },
    finish: async (db, { target, body }) => {
      const link = await boardLink(db, target.board.id, body);
      const platform = await platformById(db, link.platformId);
      if (!platform) throw conflict('The platform of this link is no longer registered.');
      const sent = await fromPlatform(() => pushLinkScores(db, platform, link, new Date()));
      return { sent };
    },
  }),
  defineCall({
    contract: lti.syncCourseRoster,
    action: 'insight',
    readOnly: true,
    recorded: true,
    target: board,
    run: async (tx, { target, body }) => {
      const link = await boardLink(tx, target.board.id, body);
      if (!link.contextRowId) throw conflict('This link is in no course: it has no roster.');
      return { active: 0, left: 0 };
    },
    finish: async (db, { target, body }) => {
      const link = await boardLink(db, target.board.id, body);
      const synced = await fromPlatform(() =>
        syncRoster(db, link.contextRowId ?? '', new Date(), true),
      );
      if (!synced)
        throw conflict(
          'The platform offers no roster for this course (the launches carry no Names and Roles service).',
        );
      return synced;
    },
  }),
];
