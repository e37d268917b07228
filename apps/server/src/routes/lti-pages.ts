/**
 * The HTML pages of an LTI launch. They show inside the platform's frame, carry no script (the
 * app's Content-Security-Policy allows none inline) and say plainly what happened.
 */
import type { FastifyReply } from 'fastify';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)} · Listboard</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{font-size:1.3rem}.check{background:#f4f4f4;border-left:4px solid #c60;padding:.5rem 1rem}
a.button{display:inline-block;padding:.5rem 1rem;background:#235;color:#fff;border-radius:4px;text-decoration:none}</style>
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
