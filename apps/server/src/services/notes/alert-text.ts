/**
 * How an alert's mail is written: its words as plain text, the addresses it links to, and its
 * last line. Shared by the mail sent at once (alerts.ts) and the one a day (digest.ts).
 */
import { NOTE_ANCHOR, shownAs, textToBlocks } from '@listboard/core';
import type { multilists } from '../../db/schema';

/** The profile page, where alerts are turned on, off or gathered. */
export const profileUrl = (publicUrl: string, username: string) =>
  `${publicUrl}/${username}/home?code=profile`;

/**
 * The last line of an alert: why it came, and where to stop such mail (the profile page), or, for
 * an alert that may be gathered (digest.ts), have such mail in one a day.
 */
export const whyAlerted = (publicUrl: string, username: string, gathers: boolean) =>
  `You get this because your profile asks for e-mail alerts; you can turn them off there${gathers ? ', or have them in one mail a day' : ''}: ${profileUrl(publicUrl, username)}`;

export const boardUrl = (publicUrl: string, owner: string, ptitle: string) =>
  `${publicUrl}/${owner}/home;${ptitle}`;

/** A note's own address on its board: the web opens its item and shows it (useNoteAnchor). */
export const noteUrl = (publicUrl: string, board: typeof multilists.$inferSelect, noteId: string) =>
  `${boardUrl(publicUrl, board.owner, board.ptitle)}#${NOTE_ANCHOR}${noteId}`;

/** A site address made whole: `/author/course` alone is no link in a mail client. */
const whole = (href: string, publicUrl: string) =>
  href.startsWith('/') && !href.startsWith('//') ? `${publicUrl}${href}` : href;

/**
 * Light markup as a plain-text mail shows it: each link's (and picture's) words followed by its
 * address made whole; a recording, picture, document or embedded page on a line of its own as
 * what it is and its caption, then the address to open it at (its range as a media fragment,
 * which browsers play). Emphasis and code marks read well as typed, and stay.
 */
export function mailText(text: string, publicUrl: string): string {
  return textToBlocks(text)
    .map((b) => {
      const shown = shownAs(b);
      const url = b.range?.url ?? b.url;
      if (!shown || !url) return linksWritten(b.text, publicUrl);
      const address = whole(url, publicUrl);
      // A page with no caption is named by its address, which follows anyway: it goes once.
      const named = shown.name && address.replace(/^\w+:\/\//, '') !== shown.name;
      return `(${named ? `${shown.kind}: ${shown.name}` : shown.kind}) ${address}`;
    })
    .join('\n\n');
}

const linksWritten = (text: string, publicUrl: string) =>
  text.replace(
    /!?\[((?:\\.|[^\]\\])*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
    (_whole, words: string, href: string) => {
      const url = whole(href, publicUrl);
      const label = words.replace(/\\(.)/g, '$1').trim();
      return label ? `${label} (${url})` : url;
    },
  );

export const discussionUrl = (publicUrl: string, username: string) =>
  `${publicUrl}/${username}/home?code=pending&username=${username}`;
