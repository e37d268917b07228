/**
 * Board-editing messages the spec leaves open. They live apart from messages.ts, which holds
 * only the spec's own words; the server refuses with them and the web says them before asking.
 */
import { counted } from './counted';
export const moveMsg = {
  itemAtEnd: (direction: 'up' | 'down') =>
    `The item is already ${direction === 'up' ? 'first' : 'last'}.`,
  listAtEnd: (direction: 'left' | 'right') =>
    `The list is already ${direction === 'left' ? 'first' : 'last'}.`,
} as const;

/** Copying an item or a list to another board. */
export const copyMsg = {
  /** A note or annotation copied to another board: its readers and privacy are its board's. */
  noteStays:
    'A note or an annotation stays on the board it was written on: copy the item it is on, or its words into an item of your own.',
  /** No board the caller may add to (besides the one the copy comes from). */
  noBoard: 'You have no other board to copy to. New board makes one.',
  /** Boards to copy to, none of them with a list yet. */
  noList:
    'Your other boards have no list to copy the item to yet: add one there, or copy this list.',
} as const;

/**
 * The spec's import_item_lbx "only alerts that it is a stub"; its words are not given, so these
 * are ours.
 */
export const importItemMsg = {
  lbxStub: 'Import item from an .lbx file is a stub: it is not implemented yet.',
} as const;

/** A board's address is made of its title's letters and digits; a title of none has no address. */
export const titleMsg = {
  noLettersOrDigits: 'A board’s title needs a letter or a digit: its address is made of them.',
} as const;

/** A form's own words where the spec gives none. */
export const formMsg = {
  /**
   * Submitted from a page where what it was about is not shown: the page changed under it, or
   * someone deleted the item or list meanwhile.
   */
  cannotSubmit:
    'This form’s item or list is not on this page any more: the page has moved on, or it was deleted. Go back to it to submit, or cancel.',
  /** A form opened again on the same thing, with what was typed there and cancelled. */
  draftBack: 'What you typed here before is back.',
  /**
   * An edit refused because someone else saved the same thing meanwhile (the server's 409): the
   * form now stands on their version, so Submit again overwrites it on purpose.
   */
  changedMeanwhile: (kind: string) =>
    `Someone else changed this ${kind} while you were editing; the board shows their version. Submit again to save yours in its place, or Cancel to keep theirs.`,
  /**
   * An edit's words typed before the page loaded again, brought back over a version saved since
   * whose words are not those they were typed over (forms/drafts.ts typedOver; one only moved,
   * labelled or answered since brings them back as any draft): Submit puts them in its place on
   * purpose.
   */
  changedSinceTyped: (kind: string) =>
    `This ${kind} changed after you began changing it, and the board shows it as it is now. Submit to save your words in its place, or Cancel to keep it as it is.`,
} as const;

/** The server's refusal of an edit made against a version someone else has replaced. */
export const conflictMsg = (kind: 'list' | 'item' | 'board') =>
  `This ${kind} was changed by someone else. Reload to see the latest version, then edit again.`;
/** What kind of thing a conflict message is about, or null for any other message. */
export function conflictKind(message: string): 'list' | 'item' | 'board' | null {
  const m = /^This (list|item|board) was changed by someone else\./.exec(message);
  return m ? (m[1] as 'list' | 'item' | 'board') : null;
}

/** A media time past MEDIA.maxSeconds (constants.ts). */
export const LATEST_TIME = 'A media time can be at most 277:46:40.';

/** After 20 wrong passwords for a board from one address in 10 minutes (password-tries.ts). */
export const TOO_MANY_PASSWORD_TRIES =
  'Too many wrong passwords for this board. Please wait 10 minutes and try again.';

/** The select-group form's own words, beside the spec's groupMsg. */
export const groupFormMsg = {
  /** The reader has groups, but this board's authors assigned none of them to it. */
  noneOfMineHere:
    'None of your groups is a group of this board. Join one of its groups (Annotate → Groups), or ask its author to assign yours.',
  /** A join link opened by a visitor not signed in. */
  signInToJoin: (group: string) => `Sign in, or sign up, to join the group ${group}.`,
  alreadyIn: (group: string) => `You are in ${group} already.`,
  inEvery: 'You are in every group of this board already.',
  inEveryOneAssigns:
    'You are in every group of this board already. To send readers a group’s join link, assign the group again (Annotate → Assign group): its link is copied.',
  cannotJoin: (group: string) => `You cannot join the group ${group} from this board.`,
  joined: (group: string, postsThere: boolean) =>
    `You joined ${group}.${postsThere ? ` Your notes on this board go to ${group}.` : ''}`,
  left: (group: string) => `You left ${group}.`,
  notIn: (group: string) => `You are not in ${group}.`,
  /** A note sent to a group one has left (or been taken out of) since choosing it. */
  notMemberToPost: (group: string) =>
    `You are not a member of the group ${group}. Choose where your notes go with Annotate → Post notes to a group.`,
  memberNotIn: (username: string, group: string) => `${username} is not in ${group}.`,
  removed: (username: string, group: string, members: string) =>
    `${username} is no longer in ${group} (${members}).`,
  noneToRemove: 'Your groups have no members but you.',
  ownsNone: 'You own no group: only a group’s owner removes its members.',
  ownerStays: (group: string) =>
    `You own ${group}, so you stay in it: its notes go to you and its members.`,
  noneToLeave: 'You are in no group you could leave: a group’s owner stays in it.',
  /** After Assign group: the open group's join link, copied or only shown. */
  joinLink: (group: string, url: string, copied: boolean) =>
    `Readers join ${group} from its link${copied ? ', copied' : ''}: ${url}`,
  privateGroup: (group: string) =>
    `${group} is private: readers cannot join it from a link. Add its members by name (Annotate → Add a member to my group).`,
} as const;

/** Insight's reminder to a group's members who have written nothing on the board yet. */
export const remindMsg = {
  notOwner: (group: string) => `Only the owner of ${group} can remind its members.`,
  notHere: (group: string) => `${group} is not a group of this board.`,
  noMail: 'Mail is not set up on this server.',
  again: (group: string) =>
    `${group} was reminded of this board less than a day ago. Remind them again tomorrow.`,
  /** What was done, said on Insight. */
  done: (group: string, mailed: number, notMailed: number) =>
    `Reminder mailed to ${counted(mailed, 'member')} of ${group}.` +
    (notMailed > 0
      ? ` Not mailed: ${counted(notMailed, 'member')} with no address, with e-mail alerts turned off, or who may not open the board.`
      : ''),
  /** Said in place of the button within the day after a reminder. */
  sentAt: (at: string) => `Reminded by mail on ${at}; once a day.`,
  subject: (who: string, board: string) => `${who} asks you to read and note “${board}”`,
  /** The board's due date, in the mail (in UTC: the server does not know the reader's zone). */
  due: (when: string) => `Notes on it are due ${when}.`,
  /** A list's own due date (a course's week), in the mail. */
  listDue: (list: string, when: string) => `Notes on “${list}” are due ${when}.`,
} as const;

/** Add to my home board (web board/addToHome.ts): what became of the board asked to be kept. */
export const homeMsg = {
  added: (title: string) => `“${title}” is added to your home board.`,
  already: (title: string) => `“${title}” is on your home board already.`,
  noList: 'Your home board has no list to add it to. Insert a list in it first.',
  noHome: 'Could not open your home board.',
} as const;

/** An item's or a note's Copy link (web board/itemLink.ts), with the link either way. */
export const itemLinkMsg = {
  copied: (url: string) => `Link copied: ${url}`,
  /** Where the browser gives no clipboard (a page over plain HTTP), to copy by hand. */
  shown: (what: 'item' | 'note', url: string) => `The ${what}’s link: ${url}`,
} as const;
