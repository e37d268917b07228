/** A board's notes as W3C Web Annotations: exported as a file, imported onto a board. */
import { can } from '@listboard/core';
import * as annotations from '@listboard/core/api/contracts/annotations';
import { defineCall, type BoardCall } from './board-call';
import { exportWebAnnotations, importWebAnnotations } from '../services/notes/web-annotation';

export const ANNOTATION_CALLS: BoardCall[] = [
  defineCall({
    contract: annotations.exportAnnotations,
    action: 'read',
    readOnly: true,
    target: (b) => ({ multilistId: b.multilistId }),
    async run(tx, { target, viewer, publicUrl }) {
      const doc = await exportWebAnnotations(tx, target.board, target.policy, viewer, publicUrl);
      return {
        filename: `${target.board.ptitle}-annotations.jsonld`,
        mediaType: 'application/ld+json',
        content: JSON.stringify(doc, null, 2),
      };
    },
  }),
  defineCall({
    contract: annotations.importAnnotations,
    action: 'note',
    target: (b) => ({ multilistId: b.multilistId }),
    run: (tx, { body, actor, viewer, target, appVersion }) =>
      importWebAnnotations(
        tx,
        {
          actor,
          viewer,
          board: target.board,
          policy: target.policy,
          moderator: can(actor, target.policy, 'moderate', { appVersion }),
          annotates: can(actor, target.policy, 'annotate', { appVersion }),
        },
        body.document,
      ),
  }),
];
