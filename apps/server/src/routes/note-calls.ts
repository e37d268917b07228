import { z } from 'zod';
import { can, highlightInputSchema } from '@listboard/core';
import { defineCall, type BoardCall } from './board-call';
import { addNote, setNoteStatus } from '../services/notes/notes';
import { HttpError, badRequest } from '../lib/errors';
import { throttleHit } from '../services/accounts/auth-throttle';
import { alertAuthorOfNote, emailItem, mailItemLimitMessage } from '../services/notes/alerts';

const uuid = z.uuid({ error: 'must be an id' });
const label = z.object({ name: z.string().max(100), value: z.string().max(500) });
/** A passage (text target), a span of a recording, or the older quote shape: see core/anchoring. */
const highlight = highlightInputSchema;
const common = {
  listId: uuid,
  itemId: uuid,
  labels: z.array(label).max(100).optional(),
  isPrivate: z.boolean().optional(),
};

export const NOTE_CALLS: BoardCall[] = [
  defineCall({
    path: '/api/forms/email_an_item',
    tags: ['notes'],
    summary: 'E-mail one item of a board to an address',
    body: z.object({ email: z.string().max(320), multilistId: uuid, listId: uuid, itemId: uuid }),
    action: 'select',
    readOnly: true,
    recorded: true,
    target: (b) => ({ itemId: b.itemId }),
    // The registrar has already refused an item the caller cannot see, as if it did not exist.
    async run(tx, { body, actor, target, mailer, publicUrl, mailItemLimit }) {
      if (target.item.multilistId !== body.multilistId || target.item.listId !== body.listId)
        throw badRequest('That item is not in that list.');
      if (!mailer) throw badRequest('Mail is not set up on this server.');
      // Counted per user across every instance, so the app's address is no relay for anyone.
      const window = { max: mailItemLimit, ms: 60 * 60 * 1000 };
      if ((await throttleHit(tx, 'mailItem', actor.id, window, new Date())) > window.max) {
        throw new HttpError(429, mailItemLimitMessage(mailItemLimit));
      }
      await emailItem(tx, mailer, publicUrl, {
        email: body.email,
        item: target.item,
        from: actor,
      });
      return { ok: true };
    },
  }),
  defineCall({
    path: '/api/forms/insert_anno',
    tags: ['notes'],
    summary:
      'An author’s annotation on an item or a selected passage (label defaults to the next number)',
    body: z.object({
      ...common,
      annoSpec: z.object({
        label: z.string().max(100).optional(),
        text: z.string().max(100_000),
        type: z.string().max(50).optional(),
        highlight: highlight.nullable().optional(),
      }),
    }),
    action: 'annotate',
    target: (b) => ({ itemId: b.itemId }),
    run: (tx, { body, actor, viewer, target, appVersion }) =>
      addNote(
        tx,
        {
          actor,
          viewer,
          policy: target.policy,
          board: target.board,
          item: target.item,
          moderator: can(actor, target.policy, 'moderate', { appVersion }),
          kind: 'anno',
        },
        { ...body.annoSpec, labels: body.labels, isPrivate: body.isPrivate },
      ),
  }),
  defineCall({
    path: '/api/forms/insert_note',
    tags: ['notes'],
    summary:
      'A reader’s note on an item or a selected passage, or a reply (parentId) to a note or annotation',
    body: z.object({
      ...common,
      noteSpec: z.object({
        text: z.string().max(100_000),
        fullname: z.string().max(200).optional(),
        author: z.string().max(200).optional(),
        replyLevel: z.number().int().min(0).optional(),
        noteIndex: z.number().int().optional(),
        groupName: z.string().max(200).nullable().optional(),
        highlight: highlight.nullable().optional(),
        parentId: uuid.nullable().optional(),
        date: z.string().max(100).optional(),
      }),
    }),
    action: 'note',
    target: (b) => ({ itemId: b.itemId }),
    async after(db, ctx, result) {
      const r = result as { itemId: string; annotationClass: string };
      if (ctx.mailer && r.annotationClass === 'note')
        await alertAuthorOfNote(db, ctx.mailer, ctx.publicUrl, r.itemId);
    },
    run: (tx, { body, actor, viewer, target, appVersion }) =>
      addNote(
        tx,
        {
          actor,
          viewer,
          policy: target.policy,
          board: target.board,
          item: target.item,
          moderator: can(actor, target.policy, 'moderate', { appVersion }),
          kind: 'note',
        },
        // Author and name come from the session, never from the body.
        {
          text: body.noteSpec.text,
          highlight: body.noteSpec.highlight,
          parentId: body.noteSpec.parentId,
          groupName: body.noteSpec.groupName,
          labels: body.labels,
          isPrivate: body.isPrivate,
        },
      ),
  }),
  defineCall({
    path: '/api/forms/add_caption',
    tags: ['notes'],
    summary: 'A caption annotation on a (media) item, under an annotation label',
    body: z.object({
      itemId: uuid,
      text: z.string().max(10_000),
      annoLabel: z.string().max(100).optional(),
      labels: z.array(label).max(100).optional(),
    }),
    action: 'annotate',
    target: (b) => ({ itemId: b.itemId }),
    run: (tx, { body, actor, viewer, target }) =>
      addNote(
        tx,
        {
          actor,
          viewer,
          policy: target.policy,
          board: target.board,
          item: target.item,
          moderator: true,
          kind: 'anno',
        },
        { text: body.text, label: body.annoLabel, labels: body.labels, type: 'caption' },
      ),
  }),
  defineCall({
    path: '/api/forms/set_note_status',
    tags: ['notes'],
    summary:
      'Answer or dismiss a reader note (board authors and editors), or set it back to pending',
    body: z.object({ itemId: uuid, status: z.enum(['pending', 'answered', 'dismissed']) }),
    action: 'moderate',
    target: (b) => ({ itemId: b.itemId }),
    async run(tx, { body, target }) {
      if (target.item.annotationClass !== 'note')
        throw badRequest('Only reader notes have a status.');
      return setNoteStatus(tx, target.item, body.status);
    },
  }),
];
