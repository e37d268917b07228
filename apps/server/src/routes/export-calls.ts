/** Export of a board as a file (Markdown, HTML page, JSON dump), through the board-call registrar. */
import { z } from 'zod';
import { EXPORT_FORMATS, exportBoard } from '../services/boards/export';
import { defineCall, type BoardCall } from './board-call';

export const EXPORT_CALLS: BoardCall[] = [
  defineCall({
    path: '/api/forms/export_board',
    tags: ['forms'],
    summary:
      'A board as one file to download: md (lists as sections, items in order, media as links), ' +
      'html (a self-contained page) or json (the dump format). Each loads back through ' +
      '/api/forms/load into the same board. Answers {filename, mediaType, content}.',
    body: z.object({ multilistId: z.uuid(), format: z.enum(EXPORT_FORMATS) }),
    action: 'export',
    readOnly: true,
    target: (b) => ({ multilistId: b.multilistId }),
    // A locked board never gets here (the registrar refuses it); private items go only to
    // their own author.
    run: (tx, { body, target, actor, publicUrl }) =>
      exportBoard(tx, target.board, body.format, { publicUrl, privateOf: actor.username }),
  }),
];
