import { can } from '@listboard/core';
import * as notes from '@listboard/core/api/contracts/notes';
import { defineCall, type BoardCall } from './board-call';
import { addNote, setNoteStatus } from '../services/notes/notes';
import { markHelpful } from '../services/notes/helpful';
import { HttpError, badRequest } from '../lib/errors';
import { throttleHit } from '../services/accounts/auth-throttle';
import {
  alertAuthorsOfNote,
  alertAuthorsOfQuestion,
  alertMentioned,
  alertOfReply,
  alertOfStatus,
  emailItem,
  mailItemLimitMessage,
} from '../services/notes/alerts';
import { alertGroupOfNote } from '../services/notes/group-alerts';

export const NOTE_CALLS: BoardCall[] = [
  defineCall({
    contract: notes.emailAnItem,
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
      return { ok: true as const };
    },
  }),
  defineCall({
    contract: notes.insertAnno,
    action: 'annotate',
    target: (b) => ({ itemId: b.itemId }),
    async after(db, ctx, result) {
      // An author's annotation may call a reader to it: `@sam, look here`.
      const { itemId } = result as { itemId: string };
      if (ctx.mailer)
        await alertMentioned(db, ctx.mailer, ctx.publicUrl, {
          noteId: itemId,
          told: [],
          limit: ctx.alertLimit,
        });
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
          kind: 'anno',
        },
        { ...body.annoSpec, labels: body.labels, isPrivate: body.isPrivate },
      ),
  }),
  defineCall({
    contract: notes.insertNote,
    action: 'note',
    target: (b) => ({ itemId: b.itemId }),
    async after(db, ctx, result) {
      const r = result as { itemId: string; annotationClass: string; askedAgain?: true };
      if (!ctx.mailer) return;
      const { mailer, publicUrl, alertLimit } = ctx;
      // Each person is told once: those a mention names and another alert told already are not
      // told again.
      const told =
        r.annotationClass === 'note'
          ? await alertAuthorsOfNote(db, mailer, publicUrl, r.itemId, alertLimit)
          : [await alertOfReply(db, mailer, publicUrl, r.itemId, alertLimit)].flatMap((u) =>
              u ? [u] : [],
            );
      // A note to a reader group is told to its members who ask for their groups' notes.
      if (r.annotationClass === 'note')
        told.push(...(await alertGroupOfNote(db, mailer, publicUrl, r.itemId, alertLimit, told)));
      // A question after the answer is told to those who answer the board's notes, as a note is.
      if (r.askedAgain)
        told.push(
          ...(await alertAuthorsOfQuestion(db, mailer, publicUrl, r.itemId, alertLimit, told)),
        );
      await alertMentioned(db, mailer, publicUrl, { noteId: r.itemId, told, limit: alertLimit });
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
    contract: notes.addCaption,
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
    // The registrar has refused a note the caller cannot see, as if it did not exist.
    contract: notes.markHelpful,
    action: 'note',
    target: (b) => ({ itemId: b.itemId }),
    run: (tx, { body, actor, target }) => markHelpful(tx, target.item, actor, body.helpful),
  }),
  defineCall({
    contract: notes.setNoteStatus,
    action: 'moderate',
    target: (b) => ({ itemId: b.itemId }),
    async after(db, ctx) {
      if (!ctx.mailer) return;
      await alertOfStatus(db, ctx.mailer, ctx.publicUrl, {
        noteId: ctx.target.item.id,
        by: ctx.actor.username,
        was: ctx.target.item.noteStatus,
        limit: ctx.alertLimit,
      });
    },
    async run(tx, { body, target, actor }) {
      if (target.item.annotationClass !== 'note')
        throw badRequest('Only reader notes have a status.');
      return setNoteStatus(tx, target.item, body.status, actor.username);
    },
  }),
];
