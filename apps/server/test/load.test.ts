import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Multilist } from '@listboard/core';
import { items, lists, multilists } from '../src/db/schema';
import { createBoard } from '../src/services/boards/create';
import { isPrivateAddress } from '../src/lib/addresses';
import { Agent, createTestApp, type TestContext, type Refusal } from './harness';
import { makeDocx, makePdf, makePng, makeRtf } from './import-fixtures';

let t: TestContext;
let strict: TestContext;
let author: Agent;
let reader: Agent;
let server: http.Server;
let base: string;

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64');
const file = (name: string, data: Buffer | string, type?: string) => ({
  fileinfo: { name, data: b64(data), ...(type ? { type } : {}) },
});

const boardOf = async (a: Agent, owner: string, ptitle: string): Promise<Multilist> =>
  (await a.post('/api/dbload/load_multilists', { addresses: [`/${owner}/${ptitle}`] })).json()[0]!;

const shape = (b: Multilist) => b.lists.map((l) => [l.title, l.items.map((i) => i.text)]);

interface Loaded {
  multilistId: string;
  owner: string;
  title: string;
  ptitle: string;
  lists: number;
  items: number;
  board: Multilist;
}

async function loadOk(a: Agent, body: object): Promise<Loaded> {
  const res = await a.post('/api/forms/load', body);
  expect(res.statusCode, res.body).toBe(200);
  const out = res.json() as Omit<Loaded, 'board'>;
  return { ...out, board: await boardOf(a, out.owner, out.ptitle) };
}

const PAGE = `<!doctype html><html><head><title>Field Guide</title></head><body>
<p>Welcome text.</p>
<h1>Birds</h1><p>Robins sing at dawn.</p><img src="pics/robin.png" alt="Robin">
<h2>Owls</h2><p>See <a href="/owls.html">owls</a>.</p></body></html>`;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/guide.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE);
    } else if (url === '/files/report.pdf') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(
        makePdf([
          [
            { text: 'Report', size: 20, y: 700 },
            { text: 'All is well.', size: 11, y: 670 },
          ],
        ]),
      );
    } else if (url === '/report') {
      // A document told by its media type alone: the address has no suffix.
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(makePdf([[{ text: 'All is well.', size: 11, y: 670 }]]));
    } else if (url === '/50%-off') {
      // An address with a stray '%', as a person may type one.
      res.writeHead(200, { 'content-type': 'text/markdown' });
      res.end('# Sale\nHalf price');
    } else if (url === '/syllabus') {
      // A document's title over parts over weeks.
      res.writeHead(200, { 'content-type': 'text/markdown' });
      res.end('# Reading list\n## Part one\n### Week 1\nRead.\n## Part two\n### Week 2\nWrite.');
    } else if (url === '/notes') {
      res.writeHead(200, { 'content-type': 'text/markdown' });
      res.end('# Todo\nBuy milk\n\nCall home');
    } else if (url === '/moved') {
      res.writeHead(302, { location: '/guide.html' });
      res.end();
    } else if (url === '/loop') {
      res.writeHead(302, { location: '/loop' });
      res.end();
    } else if (url === '/big') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('x'.repeat(200 * 1024));
    } else if (url === '/slow') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('starting');
      // Never ends: the load's time limit must cut it off.
    } else if (url === '/picture.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(makePng());
    } else {
      res.writeHead(404);
      res.end('no');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    LOAD_ALLOW_PRIVATE: 'true',
    LOAD_MAX_BYTES: String(128 * 1024),
    LOAD_TIMEOUT_MS: '1500',
  });
  strict = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await t.close();
  await strict.close();
});

describe('load: the form’s rules', () => {
  it.each([
    {},
    { url: '', query: '  ', fileinfo: null },
    { fileinfo: { name: 'a.txt', data: '' } },
  ])('%o needs a URL, a file or a query', async (body) => {
    const res = await author.post('/api/forms/load', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('You must provide either a URL, a file, or a query.');
  });

  it('the guest cannot load', async () => {
    const guest = new Agent(t.app);
    await guest.signInGuest();
    expect((await guest.post('/api/forms/load', file('a.txt', 'hi'))).statusCode).toBe(401);
  });

  it('default titles: Untitled Board if listed, else --loaded--, numbered when taken', async () => {
    const a = await loadOk(author, { ...file('a.txt', 'one'), listed: true });
    expect(a).toMatchObject({ title: 'Untitled Board', ptitle: 'untitled-board' });
    expect(a.board.listed).toBe(true);
    const b = await loadOk(author, file('b.txt', 'two'));
    expect(b).toMatchObject({ title: '--loaded--', ptitle: 'loaded' });
    expect(b.board.listed).toBe(false);
    const c = await loadOk(author, file('c.txt', 'three'));
    expect(c).toMatchObject({ title: '--loaded-- 2', ptitle: 'loaded-2' });
    const d = await loadOk(author, { ...file('d.txt', 'four'), titleText: 'Untitled Board' });
    expect(d.title).toBe('Untitled Board 2');
    const e = await loadOk(author, {
      ...file('e.txt', 'five'),
      titleText: 'Mine',
      descText: 'About it',
    });
    expect(e.board).toMatchObject({ title: 'Mine', description: 'About it', owner: 'author' });
    expect(b.board.description).toBe('Loaded from b.txt.');
  });

  it('refuses unknown types, bad data and oversized files with a message', async () => {
    const cases: [object, string][] = [
      [
        file('tool.exe', 'MZ'),
        'Unsupported file type: tool.exe. Load takes pdf, docx, rtf, txt, md, html.',
      ],
      [{ fileinfo: { name: 'a.txt', data: '***' } }, 'The file data is not base64.'],
      [file('big.txt', 'x'.repeat(129 * 1024)), 'The file is larger than 128 KB.'],
      [file('bad.docx', 'not a zip'), 'Could not read bad.docx as a Word (.docx) document.'],
      [file('bad.pdf', '%PDF-1.4 nonsense'), 'Could not read bad.pdf as a PDF document.'],
      [file('bad.rtf', 'plain'), 'Could not read bad.rtf as an RTF document.'],
      [file('blank.md', '\n\n  \n'), 'Nothing to load: no text was found in blank.md.'],
      // Names every object inherits are no media types.
      ...['__proto__', 'constructor', 'toString', 'hasOwnProperty'].map(
        (type): [object, string] => [
          file('author', 'words', type),
          'Unsupported file type: author. Load takes pdf, docx, rtf, txt, md, html.',
        ],
      ),
    ];
    for (const [body, error] of cases) {
      const res = await author.post('/api/forms/load', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error).toBe(error);
    }
  });

  it('a document’s title describes the board and a part’s heading the list it opens: no heading is lost', async () => {
    const md = [
      '# Reading list',
      '## Part one',
      '### Week 1',
      'Read *Chapter 1*.',
      '### Week 2',
      'Watch the lecture.',
      '## Part two',
      '### Week 3',
      'Essay due.',
    ].join('\n\n');
    const r = await loadOk(author, file('reading.md', md));
    expect(r.title).toMatch(/^--loaded--/);
    expect(r.board.description).toBe('Reading list: loaded from reading.md.');
    expect(r.board.lists.map((l) => [l.title, l.description])).toEqual([
      ['Week 1', 'Part one'],
      ['Week 2', ''],
      ['Week 3', 'Part two'],
    ]);
    // Told otherwise, the board says what it is told.
    const told = await loadOk(author, { ...file('reading.md', md), descText: 'Spring term' });
    expect(told.board.description).toBe('Spring term');
  });

  it('a file whose name has no suffix is typed by its media type', async () => {
    const r = await loadOk(author, {
      ...file('README', '# Read me\nFirst.', 'text/markdown'),
      titleText: 'Typed',
    });
    expect(shape(r.board)).toEqual([['Read me', ['First.']]]);
  });
});

describe('load: each file type becomes a board', () => {
  it('.docx: heading styles are lists; paragraphs and pictures items, in order', async () => {
    const png = makePng();
    const docx = makeDocx([
      { heading: 1, text: 'Week 1' },
      { text: 'Read chapter one.' },
      { image: png, alt: 'diagram' },
      { heading: 1, text: 'Week 2' },
      { text: 'Read chapter two.' },
      { heading: 2, text: 'Extra' },
      { text: 'Optional reading.' },
    ]);
    const r = await loadOk(author, { ...file('syllabus.docx', docx), titleText: 'Syllabus' });
    expect(r).toMatchObject({ title: 'Syllabus', lists: 3, items: 4 });
    expect(shape(r.board)).toEqual([
      [
        'Week 1',
        ['Read chapter one.', `![diagram](data:image/png;base64,${png.toString('base64')})`],
      ],
      ['Week 2', ['Read chapter two.']],
      ['Extra', ['Optional reading.']],
    ]);
    expect(r.board.lists[0]!.items[1]!.blocks[0]!.type).toBe('mdimagelink');
  });

  it('.pdf: larger text is a heading, paragraphs are items', async () => {
    const pdf = makePdf([
      [
        { text: 'Minutes', size: 22, y: 720 },
        { text: 'The meeting opened at nine.', size: 11, y: 690 },
        { text: 'Budget approved.', size: 11, y: 650 },
        { text: 'Actions', size: 22, y: 600 },
        { text: 'Send the report.', size: 11, y: 570 },
      ],
    ]);
    const r = await loadOk(author, { ...file('minutes.pdf', pdf), titleText: 'Minutes' });
    expect(shape(r.board)).toEqual([
      ['Minutes', ['The meeting opened at nine.', 'Budget approved.']],
      ['Actions', ['Send the report.']],
    ]);
  });

  it('.rtf, .html, .md and .txt', async () => {
    const rtf = await loadOk(author, {
      ...file('r.rtf', makeRtf([{ heading: 1, text: 'Über' }, { text: 'Grüße.' }])),
      titleText: 'R',
    });
    expect(shape(rtf.board)).toEqual([['Über', ['Grüße.']]]);
    const html = await loadOk(author, { ...file('page.html', PAGE), titleText: 'H' });
    expect(shape(html.board)).toEqual([
      ['Field Guide', ['Welcome text.']],
      ['Birds', ['Robins sing at dawn.', '![Robin](pics/robin.png)']],
      ['Owls', ['See [owls](/owls.html).']],
    ]);
    const md = await loadOk(author, {
      ...file('plan.md', 'Intro\n\n## Step\nDo it.'),
      titleText: 'M',
    });
    expect(shape(md.board)).toEqual([
      ['plan', ['Intro']],
      ['Step', ['Do it.']],
    ]);
    const txt = await loadOk(author, { ...file('list.txt', 'a\nb\n\nc\u0000d'), titleText: 'T' });
    expect(shape(txt.board)).toEqual([['list', ['a\nb', 'cd']]]);
  });

  it('a failed write leaves no half board behind', async () => {
    const db = t.database.db;
    await db.execute(
      sql.raw(`create function fail_on_boom() returns trigger language plpgsql as $$
        begin if new.text = 'BOOM' then raise exception 'boom'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw(
        'create trigger fail_on_boom before insert on items for each row execute function fail_on_boom()',
      ),
    );
    const [before] = await db.select({ n: sql<number>`count(*)::int` }).from(items);
    const [listsBefore] = await db.select({ n: sql<number>`count(*)::int` }).from(lists);
    const res = await author.post('/api/forms/load', {
      ...file('doomed.txt', 'first\n\nsecond\n\nBOOM\n\nlast'),
      titleText: 'Doomed',
    });
    await db.execute(sql.raw('drop trigger fail_on_boom on items'));
    await db.execute(sql.raw('drop function fail_on_boom()'));
    expect(res.statusCode).toBe(500);
    expect(await db.select().from(multilists).where(eq(multilists.ptitle, 'doomed'))).toEqual([]);
    const [after] = await db.select({ n: sql<number>`count(*)::int` }).from(items);
    const [listsAfter] = await db.select({ n: sql<number>`count(*)::int` }).from(lists);
    expect(after!.n).toBe(before!.n);
    expect(listsAfter!.n).toBe(listsBefore!.n);
    // The same load without the fault goes through.
    expect(
      (await author.post('/api/forms/load', { ...file('ok.txt', 'fine'), titleText: 'Doomed' }))
        .statusCode,
    ).toBe(200);
  });
});

/** The lines of a load_stream answer, parsed. */
async function streamLines(a: Agent, body: object) {
  const res = await a.post('/api/forms/load_stream', body);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
  return res.body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { phase: string; [k: string]: unknown });
}

describe('load: progress of a long import', () => {
  it('reports each page of a PDF as it is read, each list as it is written, then the board', async () => {
    const page = (n: number) => [
      { text: `Chapter ${n}`, size: 22, y: 720 },
      { text: `Text of chapter ${n}.`, size: 11, y: 690 },
    ];
    const lines = await streamLines(author, {
      ...file('book.pdf', makePdf([page(1), page(2), page(3)])),
      titleText: 'Book',
    });
    expect(lines.map((l) => [l.phase, l.done, l.total])).toEqual([
      ['reading', 0, 1],
      ['reading', 1, 3],
      ['reading', 2, 3],
      ['reading', 3, 3],
      ['writing', 0, 3],
      ['writing', 1, 3],
      ['writing', 2, 3],
      ['writing', 3, 3],
      ['done', undefined, undefined],
    ]);
    expect(lines[4]).toMatchObject({ items: 3 });
    const done = lines.at(-1)!.board as { owner: string; ptitle: string };
    expect(done).toMatchObject({ owner: 'author', title: 'Book', lists: 3, items: 3 });
    expect(shape(await boardOf(author, done.owner, done.ptitle))).toEqual([
      ['Chapter 1', ['Text of chapter 1.']],
      ['Chapter 2', ['Text of chapter 2.']],
      ['Chapter 3', ['Text of chapter 3.']],
    ]);
  });

  it('a URL is fetched, then read', async () => {
    const lines = await streamLines(author, { url: `${base}/notes`, titleText: 'Fetched' });
    expect(lines.map((l) => l.phase)).toEqual([
      'fetching',
      'reading',
      'reading',
      'writing',
      'writing',
      'done',
    ]);
    expect(lines[0]).toEqual({ phase: 'fetching', url: `${base}/notes` });
  });

  it('the form’s own message comes at once as a 400; the guest gets a 401', async () => {
    const res = await author.post('/api/forms/load_stream', { url: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json<Refusal>().error).toBe('You must provide either a URL, a file, or a query.');
    const guest = new Agent(t.app);
    await guest.signInGuest();
    expect((await guest.post('/api/forms/load_stream', file('a.txt', 'x'))).statusCode).toBe(401);
  });

  it('a file that cannot be read ends the stream with its message and makes no board', async () => {
    const lines = await streamLines(author, {
      ...file('broken.pdf', '%PDF-1.4 nonsense'),
      titleText: 'Broken',
    });
    expect(lines.at(-1)).toEqual({
      phase: 'error',
      status: 400,
      error: 'Could not read broken.pdf as a PDF document.',
    });
    expect(
      await t.database.db.select().from(multilists).where(eq(multilists.ptitle, 'broken')),
    ).toEqual([]);
  });

  it('a write that fails half-way ends with an error line and leaves no board, list or item', async () => {
    const db = t.database.db;
    await db.execute(
      sql.raw(`create function fail_on_crash() returns trigger language plpgsql as $$
        begin if new.text = 'CRASH' then raise exception 'crash'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw(
        'create trigger fail_on_crash before insert on items for each row execute function fail_on_crash()',
      ),
    );
    const count = async () => {
      const [b] = await db.select({ n: sql<number>`count(*)::int` }).from(multilists);
      const [l] = await db.select({ n: sql<number>`count(*)::int` }).from(lists);
      const [i] = await db.select({ n: sql<number>`count(*)::int` }).from(items);
      return [b!.n, l!.n, i!.n];
    };
    const before = await count();
    let lines: Awaited<ReturnType<typeof streamLines>>;
    try {
      lines = await streamLines(author, {
        ...file('half.md', '# One\nfirst\n\n# Two\nsecond\n\n# Three\nCRASH'),
        titleText: 'Half Done',
      });
    } finally {
      await db.execute(sql.raw('drop trigger fail_on_crash on items'));
      await db.execute(sql.raw('drop function fail_on_crash()'));
    }
    // Two of the three lists were written inside the transaction before the fault.
    expect(lines.map((l) => l.phase)).toEqual([
      'reading',
      'reading',
      'writing',
      'writing',
      'writing',
      'error',
    ]);
    expect(lines.at(-1)).toEqual({
      phase: 'error',
      status: 500,
      error: 'Something went wrong. Please try again later.',
    });
    expect(await count()).toEqual(before);
    expect(await db.select().from(multilists).where(eq(multilists.ptitle, 'half-done'))).toEqual(
      [],
    );
  });
});

describe('read_source (import list from a URL)', () => {
  it('a page becomes one list’s items, later headings kept as items; nothing is saved', async () => {
    const [before] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(items);
    const res = await author.post('/api/forms/read_source', { url: `${base}/guide.html` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      title: 'Field Guide',
      items: [
        'Welcome text.',
        '### Birds',
        'Robins sing at dawn.',
        `![Robin](${base}/pics/robin.png)`,
        '### Owls',
        `See [owls](${base}/owls.html).`,
      ],
    });
    const [after] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(items);
    expect(after!.n).toBe(before!.n);
  });

  it('a document’s title names the list, and the headings over its lists stay as items', async () => {
    const res = await author.post('/api/forms/read_source', { url: `${base}/syllabus` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      title: 'Reading list',
      items: ['### Part one', '### Week 1', 'Read.', '### Part two', '### Week 2', 'Write.'],
    });
  });

  it('needs a signed-in user and an address; private addresses stay refused', async () => {
    const guest = new Agent(t.app);
    await guest.signInGuest();
    expect((await guest.post('/api/forms/read_source', { url: `${base}/notes` })).statusCode).toBe(
      401,
    );
    const blank = await author.post('/api/forms/read_source', { url: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('Please fill in url field.');
    const a = new Agent(strict.app);
    await a.signIn('author');
    const res = await a.post('/api/forms/read_source', { url: `${base}/notes` });
    expect(res.statusCode).toBe(400);
  });
});

describe('load: a URL', () => {
  it('an HTML page: its title names the first list; links and pictures point back to the site', async () => {
    const r = await loadOk(author, { url: `${base}/guide.html`, titleText: 'Guide' });
    expect(shape(r.board)).toEqual([
      ['Field Guide', ['Welcome text.']],
      ['Birds', ['Robins sing at dawn.', `![Robin](${base}/pics/robin.png)`]],
      ['Owls', [`See [owls](${base}/owls.html).`]],
    ]);
    expect(r.board.description).toBe(`Loaded from ${base}/guide.html.`);
  });

  it('follows redirects; types a file by its suffix or first bytes; markdown by media type', async () => {
    const moved = await loadOk(author, { url: `${base}/moved`, titleText: 'Moved' });
    expect(moved.board.lists.map((l) => l.title)).toEqual(['Field Guide', 'Birds', 'Owls']);
    const pdf = await loadOk(author, { url: `${base}/files/report.pdf`, titleText: 'Report' });
    expect(shape(pdf.board)).toEqual([['Report', ['All is well.']]]);
    const md = await loadOk(author, { url: `${base}/notes`, titleText: 'Notes' });
    expect(shape(md.board)).toEqual([['Todo', ['Buy milk', 'Call home']]]);
  });

  it('says why a URL could not be loaded', async () => {
    const cases: [string, string][] = [
      [`${base}/missing`, `Could not load ${base}/missing: the server answered 404.`],
      [`${base}/big`, `Could not load ${base}/big: it is larger than 128 KB.`],
      [`${base}/slow`, `Could not load ${base}/slow: it took too long to answer.`],
      [`${base}/loop`, `Could not load ${base}/loop: too many redirects.`],
      [
        `${base}/picture.png`,
        'Unsupported file type: image/png. Load takes pdf, docx, rtf, txt, md, html.',
      ],
      ['ftp://example.org/a.txt', 'Only http and https addresses can be loaded.'],
      ['not a url', 'Not a web address: not a url'],
      [
        'http://no-such-host.invalid/',
        'Could not load http://no-such-host.invalid/: no such host.',
      ],
      // An address typed without its scheme is tried as https.
      [
        ' no-such-host.invalid/page?x=1 ',
        'Could not load https://no-such-host.invalid/page?x=1: no such host.',
      ],
    ];
    for (const [url, error] of cases) {
      const res = await author.post('/api/forms/load', { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toBe(error);
    }
  });

  it('refuses loopback and private addresses unless LOAD_ALLOW_PRIVATE is set', async () => {
    const a = new Agent(strict.app);
    await a.signIn('author');
    const port = (server.address() as AddressInfo).port;
    for (const url of [
      `${base}/guide.html`,
      `http://localhost:${port}/guide.html`,
      `http://[::1]:${port}/guide.html`,
      `http://[::ffff:127.0.0.1]:${port}/guide.html`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
    ]) {
      const res = await a.post('/api/forms/load', { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toBe(
        `Could not load ${new URL(url).href}: private and local addresses are not allowed.`,
      );
    }
  });

  it('knows which addresses are private', () => {
    for (const ip of [
      '127.0.0.1',
      '10.2.3.4',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
      'not-an-ip',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of [
      '8.8.8.8',
      '172.32.0.1',
      '1.1.1.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });
});

describe('load: a query', () => {
  beforeAll(async () => {
    await createBoard(t.database.db, {
      owner: 'author',
      title: 'Orchard',
      lists: [
        {
          title: 'Trees',
          items: [
            'Apple trees bloom in spring.',
            'Pear trees too.',
            'Cherry trees\n\n/media/lecture.webm # /media/lecture-poster.jpg ~ Cherry blossom walk',
          ],
        },
      ],
    });
    const orchard = (
      await reader.post('/api/dbload/load_multilists', { addresses: ['/author/orchard'] })
    ).json()[0]!;
    await reader.post('/api/forms/insert_note', {
      listId: orchard.lists[0]!._id,
      itemId: orchard.lists[0]!.items[0]!._id,
      noteSpec: { text: 'My private trees thought.' },
      isPrivate: true,
    });
  });

  it('search arguments, a whole address or plain words load the results as a board', async () => {
    const r = await loadOk(reader, {
      query: 'searchStr=trees&users=all&bucket=none',
      titleText: 'Trees found',
    });
    expect(r.board.owner).toBe('reader');
    expect(r.board.lists.map((l) => l.title)).toEqual(['Results']);
    const all = r.board.lists[0]!.items.map((i) => i.text).join('\n');
    expect(all).toContain('Apple trees bloom');
    expect(all).toContain('My private trees thought');
    // A recording shows as what it is, not as the addresses that made it a player.
    expect(all).toContain('Cherry trees (video: Cherry blossom walk)');
    expect(all).not.toContain('/media/lecture');
    expect(r.board.description).toBe('Loaded from a search for trees.');
    // The reader's private note is private on the new board too.
    const seen = await boardOf(author, 'reader', r.ptitle);
    expect(seen.lists[0]!.items.map((i) => i.text).join('\n')).not.toContain('private trees');

    const address = await loadOk(reader, {
      query: '/reader/home;x?searchStr=pear&users=author',
      titleText: 'Pears',
    });
    expect(shape(address.board)[0]![1]).toEqual([expect.stringContaining('Pear trees too.')]);
    // Plain words are a text search with the default arguments: the caller's own items.
    const words = await loadOk(reader, { query: 'private thought', titleText: 'Mine' });
    // A note's words, as typed: its signs escaped in the board's markup.
    expect(words.board.lists.flatMap((l) => l.items.map((i) => i.text)).join()).toContain(
      'My private trees thought\\.',
    );
    // Only the reader's own writing: their items, and their note under the line that names the
    // item it is on (the author's).
    const heads = words.board.lists.flatMap((l) => l.items.map((i) => i.text.split('\n')[0]!));
    expect(heads.length).toBeGreaterThan(0);
    for (const head of heads) expect(head).toMatch(/ · reader$|^Note by reader on /);
  });

  it('a custom code loads a listing; bad searches give their messages', async () => {
    const r = await loadOk(author, { query: 'code=myBoards', titleText: 'My boards' });
    expect(r.board.lists[0]!.title).toMatch(/^Week of /);
    expect(r.board.lists.flatMap((l) => l.items.map((i) => i.text)).join()).toContain('Orchard');
    for (const [query, error] of [
      ['by=date&searchStr=2023-01-01', 'Date search requires a date range'],
      ['by=label&searchStr=', 'A search string is required for text or labels search.'],
      ['code=nope', 'Unknown search code: nope'],
      ['searchStr=zzzzunfindable&users=all', 'Nothing to load: the search found nothing.'],
    ]) {
      const res = await author.post('/api/forms/load', { query });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe(error);
    }
  });
});

describe('import_item_url', () => {
  let board: Multilist;
  const listOf = () => board.lists[0]!;
  const importUrl = (a: Agent, body: object) => a.post('/api/forms/import_item_url', body);
  const reload = async () => {
    board = await boardOf(author, 'author', 'clippings');
  };

  beforeAll(async () => {
    await createBoard(t.database.db, {
      owner: 'author',
      title: 'Clippings',
      lists: [{ title: 'Found', items: ['first', 'last'] }],
    });
    await reload();
  });

  it('a web page becomes its title as a link and its opening text, after the given item', async () => {
    const res = await importUrl(author, {
      listId: listOf()._id,
      itemId: listOf().items[0]!._id,
      url: `${base}/guide.html`,
      text: 'Worth a look:',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().index).toBe(1);
    await reload();
    const item = listOf().items[1]!;
    expect(item.text).toBe(
      `Worth a look:\n\n### [Field Guide](${base}/guide.html)\n\nWelcome text.\n\nRobins sing at dawn.\n\nSee [owls](${base}/owls.html).`,
    );
    expect(item.importUrl).toBe(`${base}/guide.html`);
    expect(item.author).toBe('author');
    expect(listOf().items.map((i) => i.text.split('\n')[0])).toEqual([
      'first',
      'Worth a look:',
      'last',
    ]);
  });

  it('a picture is the item as it is; a document its text; without itemId it goes last', async () => {
    const pic = await importUrl(author, { listId: listOf()._id, url: `${base}/picture.png` });
    expect(pic.statusCode, pic.body).toBe(200);
    const md = await importUrl(author, { listId: listOf()._id, url: `${base}/notes` });
    expect(md.statusCode, md.body).toBe(200);
    await reload();
    const [picture, notes] = listOf().items.slice(-2);
    expect(picture!.text).toBe(`${base}/picture.png`);
    expect(picture!.blocks[0]!.type).toBe('image');
    expect(notes!.text).toBe(`### [notes](${base}/notes)\n\n#### Todo\n\nBuy milk\n\nCall home`);
  });

  it('a document keeps every heading, its title’s and its parts’ too', async () => {
    const res = await importUrl(author, { listId: listOf()._id, url: `${base}/syllabus` });
    expect(res.statusCode, res.body).toBe(200);
    await reload();
    expect(listOf().items.at(-1)!.text).toBe(
      [
        `### [syllabus](${base}/syllabus)`,
        ...['Reading list', 'Part one', 'Week 1'].map((h) => `#### ${h}`),
        'Read.',
        ...['Part two', 'Week 2'].map((h) => `#### ${h}`),
        'Write.',
      ].join('\n\n'),
    );
  });

  it('an address with a stray % is named as written', async () => {
    const res = await importUrl(author, { listId: listOf()._id, url: `${base}/50%-off` });
    expect(res.statusCode, res.body).toBe(200);
    await reload();
    expect(listOf().items.at(-1)!.text).toBe(
      `### [50%-off](${base}/50%-off)\n\n#### Sale\n\nHalf price`,
    );
    const loaded = await loadOk(author, { url: `${base}/50%-off`, titleText: 'Sale' });
    expect(shape(loaded.board)).toEqual([['Sale', ['Half price']]]);
  });

  it('a document is told by its media type when its address has no suffix', async () => {
    const res = await importUrl(author, { listId: listOf()._id, url: `${base}/report` });
    expect(res.statusCode, res.body).toBe(200);
    await reload();
    expect(listOf().items.at(-1)!.text).toBe(`### [report](${base}/report)\n\nAll is well.`);
  });

  it('needs the insert right, a signed-in user, an address and a matching list', async () => {
    const url = `${base}/guide.html`;
    expect((await importUrl(reader, { listId: listOf()._id, url })).statusCode).toBe(403);
    const guest = new Agent(t.app);
    await guest.signInGuest();
    expect((await importUrl(guest, { listId: listOf()._id, url })).statusCode).toBe(401);
    const blank = await importUrl(author, { listId: listOf()._id, url: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('Please fill in url field.');
    const other = (
      await author.post('/api/dbload/load_multilists', { addresses: ['/author/course'] })
    ).json()[0]!;
    const wrong = await importUrl(author, {
      listId: listOf()._id,
      itemId: other.lists[0]!.items[0]!._id,
      url,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('The item is not in that list.');
    const missing = await importUrl(author, { listId: listOf()._id, url: `${base}/missing` });
    expect(missing.json().error).toBe(`Could not load ${base}/missing: the server answered 404.`);
  });

  it('private addresses are refused here too', async () => {
    const a = new Agent(strict.app);
    await a.signIn('author');
    const home = (
      await a.post('/api/dbload/load_multilists', { addresses: ['/author/home'] })
    ).json()[0]!;
    const res = await a.post('/api/forms/import_item_url', {
      listId: home.lists[0]!._id,
      url: `${base}/guide.html`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      `Could not load ${base}/guide.html: private and local addresses are not allowed.`,
    );
  });
});
