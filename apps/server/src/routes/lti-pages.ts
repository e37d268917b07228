/**
 * The HTML pages of an LTI launch. They show inside the platform's frame and say plainly what
 * happened. They carry no script (the app's Content-Security-Policy allows none inline), but for
 * the one line that posts a deep-linking response, allowed by its hash on that page only.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiContract } from '@listboard/core/api/contract';
import { LaunchError } from '../services/lti/claims';
import { utcWords } from '../services/insight/remind';

/** The OpenAPI description of a page route: hidden, as its contract says. */
export const pageSchema = (c: ApiContract) => ({
  tags: [...c.tags],
  summary: c.summary,
  hide: true,
});

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)} · Listboard</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{font-size:1.3rem}.check{background:#f4f4f4;border-left:4px solid #c60;padding:.5rem 1rem}
a.button,button.button{display:inline-block;padding:.5rem 1rem;background:#235;color:#fff;border:0;border-radius:4px;text-decoration:none;font:inherit}
fieldset{border:0;padding:0}ul.boards{list-style:none;padding:0}ul.boards>li{margin:.4rem 0}
ul.sections{list-style:none;padding-left:1.6rem}details summary{cursor:pointer;margin-left:1.6rem;color:#444}</style>
</head><body>
${body}
</body></html>`;
}

export function sendPage(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(page(title, body));
}

/** A launch that failed: what failed, and what the platform's admin should check. */
export function sendLaunchFailure(reply: FastifyReply, what: string, check: string, status = 400) {
  return sendPage(
    reply,
    status,
    'The launch failed',
    `<h1>Listboard could not open this link</h1>
<p id="what">${escapeHtml(what)}</p>
<div class="check"><p><strong>For the platform's administrator:</strong>
<span id="check">${escapeHtml(check)}</span></p></div>
<p>Nothing was changed in Listboard. Try the link again from the course; if it fails again,
show this page to whoever runs the course site.</p>`,
  );
}

/** A refused step's page; anything else is logged and shown as a fault of Listboard's. */
export function sendFailure(reply: FastifyReply, e: unknown, req: FastifyRequest) {
  if (e instanceof LaunchError) return sendLaunchFailure(reply, e.message, e.check);
  req.log.error(e);
  return sendLaunchFailure(
    reply,
    'Something went wrong in Listboard while opening this link.',
    'Nothing for the platform to change: try again in a moment.',
    500,
  );
}

/** The frame may not keep Listboard's cookie: open the board in a window of its own. */
export function sendOpenInWindow(reply: FastifyReply, href: string) {
  return sendPage(
    reply,
    200,
    'Open in a new window',
    `<h1>Open Listboard in a new window</h1>
<p>Your browser does not let Listboard keep you signed in inside this course page
(third-party cookies are blocked). The board opens in a window of its own:</p>
<p><a class="button" id="open" href="${escapeHtml(href)}" target="_blank" rel="noopener">Open the board</a></p>
<p>The link works once, for a few minutes; to get a new one, open the link in the course again.</p>`,
  );
}

/** Another person is signed in in this browser: the launch's person takes over only if asked. */
export function sendSwitchUser(
  reply: FastifyReply,
  who: { from: string; to: string; href: string },
) {
  return sendPage(
    reply,
    200,
    'Someone else is signed in',
    `<h1>Someone else is signed in here</h1>
<p>This browser is signed in to Listboard as <strong id="from">${escapeHtml(who.from)}</strong>.
The link from the course opens the board as <strong id="to">${escapeHtml(who.to)}</strong>, and
signs ${escapeHtml(who.from)} out.</p>
<p><a class="button" id="switch" href="${escapeHtml(who.href)}">Sign in as ${escapeHtml(who.to)} and open the board</a></p>
<p>If you did not just open this link in your course, close this window: someone may have sent
you their link.</p>`,
  );
}

/** The instructor's choice of a board to place in the course (deep linking). */
export function sendPicker(
  reply: FastifyReply,
  action: string,
  token: string,
  boards: {
    id: string;
    title: string;
    owner: string;
    notesDue?: Date | null;
    sections: { anchor: string; title: string; notesDue: Date | null }[];
  }[],
) {
  // When the notes a placement would grade are due: the platform is told (deep-link.ts).
  const due = (at: Date | null | undefined) =>
    at ? ` <small>· notes due ${escapeHtml(utcWords(at))}</small>` : '';
  const radio = (value: string, label: string, checked: boolean) =>
    `<label><input type="radio" name="board" value="${escapeHtml(value)}"${checked ? ' checked' : ''}> ${label}</label>`;
  const options = boards
    .map((b, i) => {
      const board = radio(
        b.id,
        `${escapeHtml(b.title)} <small>(${escapeHtml(b.owner)})</small>${due(b.notesDue)}`,
        i === 0,
      );
      if (b.sections.length < 2) return `<li>${board}</li>`;
      // Sections: each list of the board, which the placed link opens at.
      const sections = b.sections
        .map(
          (x) =>
            `<li>${radio(`${b.id}#${x.anchor}`, `${escapeHtml(x.title)}${due(x.notesDue ?? b.notesDue)}`, false)}</li>`,
        )
        .join('');
      return `<li>${board}
<details><summary>Or one section of it</summary><ul class="sections">${sections}</ul></details></li>`;
    })
    .join('\n');
  // The choice is posted back to this app, which takes it only with this page's Origin; under
  // the app's no-referrer policy a browser would send `Origin: null` instead.
  reply.header('referrer-policy', 'same-origin');
  return sendPage(
    reply,
    200,
    'Place a board',
    `<h1>Place a Listboard board in the course</h1>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<fieldset><legend>Your boards</legend><ul class="boards">
${options}
<li>${radio('new', 'A new board titled', boards.length === 0)}
<input name="title" maxlength="200" value="Course board" aria-label="Title of the new board"></li>
</ul></fieldset>
<p><button class="button" type="submit">Place in the course</button></p>
</form>`,
  );
}

/** The script that posts the response at once; the page allows it by its hash, and no other. */
const AUTO_POST = 'document.forms[0].submit();';
const AUTO_POST_HASH = `'sha256-${createHash('sha256').update(AUTO_POST).digest('base64')}'`;

/** Posts the signed deep-linking response back to the platform. */
export function sendDeepLinkResponse(
  reply: FastifyReply,
  returnUrl: string,
  jwt: string,
  title: string,
) {
  const target = new URL(returnUrl);
  reply.header(
    'content-security-policy',
    `default-src 'none'; script-src ${AUTO_POST_HASH}; style-src 'unsafe-inline'; ` +
      `form-action ${target.origin}; base-uri 'none'; frame-ancestors 'self'`,
  );
  return sendPage(
    reply,
    200,
    'Placing the board',
    `<h1>Placing “${escapeHtml(title)}” in the course…</h1>
<form method="post" action="${escapeHtml(returnUrl)}">
<input type="hidden" name="JWT" value="${escapeHtml(jwt)}">
<p><button class="button" type="submit">Continue</button></p>
</form>
<script>${AUTO_POST}</script>`,
  );
}
