/**
 * A board's Insight, through the board-call registrar: any signed-in reader may ask; the board's
 * authors (core/policy 'insight') get everyone's figures, anyone else their own.
 */
import { can } from '@listboard/core';
import * as insight from '@listboard/core/api/contracts/insight';
import { defineCall, type BoardCall } from './board-call';
import { boardInsight } from '../services/insight/figures';
import { remindGroup } from '../services/insight/remind';

export const INSIGHT_CALLS: BoardCall[] = [
  defineCall({
    contract: insight.boardInsight,
    action: 'select',
    refusedAs: 'see Insight for this board',
    readOnly: true,
    target: (b) => ({ multilistId: b.multilistId }),
    run: (tx, { target, actor, viewer, appVersion }) =>
      boardInsight(tx, {
        board: target.board,
        policy: target.policy,
        viewer,
        username: actor.username,
        scope: can(actor, target.policy, 'insight', { appVersion }) ? 'board' : 'own',
      }),
  }),
  defineCall({
    contract: insight.remindGroup,
    action: 'insight',
    refusedAs: 'remind a group of this board',
    readOnly: true,
    recorded: true,
    target: (b) => ({ multilistId: b.multilistId }),
    run: (tx, { body, target, actor, viewer, mailer, publicUrl, alertLimit }) =>
      remindGroup(
        tx,
        { mailer, publicUrl, alertLimit },
        {
          board: target.board,
          policy: target.policy,
          viewer,
          username: actor.username,
          scope: 'board',
          actor,
        },
        body.groupName,
      ),
  }),
];
