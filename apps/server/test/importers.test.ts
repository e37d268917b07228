import { describe, expect, it } from 'vitest';
import { docxToLists } from '../src/importers/docx';
import { htmlToLists, htmlTitle } from '../src/importers/html';
import { importFile, ImportError } from '../src/importers';
import { markdownToLists } from '../src/importers/markdown';
import { pdfToLists } from '../src/importers/pdf';
import { rtfToLists } from '../src/importers/rtf';
import { textToLists } from '../src/importers/text';
import { makeDocx, makePdf, makePng, makeRtf } from './import-fixtures';

const opts = { name: 'notes' };

describe('markdown', () => {
  it('headings start lists; paragraphs and pictures are items, in order', () => {
    const md = [
      'Intro before any heading.',
      '',
      '# Part one',
      'First paragraph',
      'runs over two lines.',
      '',
      'Text before ![a cat](cat.png) and after.',
      '',
      'Setext heading',
      '--------------',
      '- one',
      '- two',
      '',
      '```js',
      'const a = 1;',
      '',
      'const b = 2;',
      '```',
      '',
      '## *Part* two ##',
      '---',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
    ].join('\n');
    expect(markdownToLists(md, opts)).toEqual([
      { title: 'notes', items: ['Intro before any heading.'] },
      {
        title: 'Part one',
        items: [
          'First paragraph\nruns over two lines.',
          'Text before',
          '![a cat](cat.png)',
          'and after.',
        ],
      },
      {
        title: 'Setext heading',
        items: ['- one\n- two', '```js\nconst a = 1;\n\nconst b = 2;\n```'],
      },
      { title: 'Part two', items: ['| a | b |\n|---|---|\n| 1 | 2 |'] },
    ]);
  });

  it('keeps an empty heading’s list and resolves relative addresses against the page', () => {
    const lists = markdownToLists(
      '# Empty\n# Full\n[home](/about) ![x](img/a.png) [ext](https://e.org/) [s](#top)',
      {
        name: 'page',
        baseUrl: 'https://site.example/docs/page.html',
      },
    );
    expect(lists).toEqual([
      { title: 'Empty', items: [] },
      {
        title: 'Full',
        items: [
          '[home](https://site.example/about)',
          '![x](https://site.example/docs/img/a.png)',
          '[ext](https://e.org/) [s](#top)',
        ],
      },
    ]);
  });

  it('nothing in, nothing out', () => {
    expect(markdownToLists('\n\n   \n', opts)).toEqual([]);
  });

  it('opens no empty list for a heading over headings of lower rank (a document’s title, a part), and keeps it with the list it heads', () => {
    const md = [
      '# My reading notes',
      '',
      '## Week 1',
      'Chapter one.',
      '',
      'Part two',
      '========',
      '### Week 2',
      'Chapter two.',
      '',
      '### Week 3',
      '',
      '### Week 4',
      'Chapter four.',
    ].join('\n');
    expect(markdownToLists(md, opts)).toEqual([
      // Of the same rank as 'Part two', the first heading is no title of the whole document.
      { title: 'Week 1', items: ['Chapter one.'], over: ['My reading notes'] },
      { title: 'Week 2', items: ['Chapter two.'], over: ['Part two'] },
      // A week with nothing yet stays: the next heading is of its own rank.
      { title: 'Week 3', items: [] },
      { title: 'Week 4', items: ['Chapter four.'] },
    ]);
  });

  it('takes a first heading for the document’s title only when every other heading is of a lower rank', () => {
    // Two parts, each over its chapters: the first part is no title of the whole.
    const parts = ['## Part one', '### Chapter 1', 'One.', '## Part two', '### Chapter 2', 'Two.'];
    expect(markdownToLists(parts.join('\n'), opts)).toEqual([
      { title: 'Chapter 1', items: ['One.'], over: ['Part one'] },
      { title: 'Chapter 2', items: ['Two.'], over: ['Part two'] },
    ]);
    // A title over parts over chapters: the title, then the first part.
    const book = ['# Book', ...parts];
    expect(markdownToLists(book.join('\n'), opts)).toEqual([
      { title: 'Chapter 1', items: ['One.'], over: ['Part one'], documentTitle: 'Book' },
      { title: 'Chapter 2', items: ['Two.'], over: ['Part two'] },
    ]);
    // Text before the first heading: that heading heads no whole document.
    expect(markdownToLists(['Preface.', ...book].join('\n'), opts)[0]).toEqual({
      title: opts.name,
      items: ['Preface.'],
    });
  });
});

describe('text', () => {
  it('one list named after the file, one item per paragraph', () => {
    expect(textToLists('\uFEFFFirst para\r\nline two\r\n\r\n \r\nSecond para\n', opts)).toEqual([
      { title: 'notes', items: ['First para\nline two', 'Second para'] },
    ]);
    expect(textToLists('  \n\n', opts)).toEqual([]);
  });
});

describe('html', () => {
  it('h1-h6 are lists; paragraphs, pictures and lists are items; scripts and the head are not', () => {
    const html = `<!doctype html><html><head><title>The  Page &amp; Co</title><style>p{}</style></head>
      <body><script>alert(1)</script><p>Lead <b>bold</b>.</p>
      <h1>First</h1><p>One.</p><img src="/pics/x.png" alt="X"><ul><li>a</li><li>b</li></ul>
      <h3>Deep</h3><p>Two <a href="other.html">link</a>.</p></body></html>`;
    expect(htmlTitle(html)).toBe('The Page & Co');
    expect(htmlToLists(html, { name: 'The Page & Co', baseUrl: 'http://h.test/a/b.html' })).toEqual(
      [
        { title: 'The Page & Co', items: ['Lead **bold**.'] },
        { title: 'First', items: ['One.', '![X](http://h.test/pics/x.png)', '-   a\n-   b'] },
        { title: 'Deep', items: ['Two [link](http://h.test/a/other.html).'] },
      ],
    );
  });

  it('a table is one item, a markdown table: its first row the heading when it has none, a pipe in a cell kept as text', () => {
    const html = `<h1>Terms</h1><table><tr><th>Term</th><th>Meaning</th></tr>
      <tr><td>frame</td><td>what is <b>put</b> first</td></tr></table>
      <table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d|e</td></tr></table>`;
    expect(htmlToLists(html, { name: 'x' })).toEqual([
      {
        title: 'Terms',
        items: [
          '| Term | Meaning |\n| --- | --- |\n| frame | what is **put** first |',
          '| a   | b   |\n| --- | --- |\n| c   | d\\|e |',
        ],
      },
    ]);
  });

  it('a table markdown cannot hold stays an HTML table: one inside another, merged cells; a picture in a cell stays in its cell', () => {
    const items = (html: string) => htmlToLists(html, { name: 'x' })[0]?.items;
    expect(
      items(
        '<table><tr><td>Photo</td><td>Name</td></tr><tr><td><img src="/p.png" alt="Ann"></td><td>Ann</td></tr></table>',
      ),
    ).toEqual(['| Photo | Name |\n| --- | --- |\n| ![Ann](/p.png) | Ann |']);
    const nested =
      '<table><tbody><tr><td><table><tbody><tr><td>in1</td><td>in2</td></tr></tbody></table></td><td>c</td></tr></tbody></table>';
    expect(items(nested)).toEqual([nested]);
    const merged =
      '<table><tbody><tr><td rowspan="2">tall</td><td>b</td></tr><tr><td>d</td></tr></tbody></table>';
    expect(items(merged)).toEqual([merged]);
    // A first row shorter than the rest is filled out, so the table still has its heading.
    expect(items('<table><tr><td>one</td></tr><tr><td>a</td><td>b</td></tr></table>')).toEqual([
      '| one |     |\n| --- | --- |\n| a   | b   |',
    ]);
    // A box of one cell is its words; a table with nothing in it is nothing.
    expect(
      items(
        '<table><tr><td>a</td></tr></table><table><tr><td>b</td></tr></table><table><tr><td></td></tr></table>',
      ),
    ).toEqual(['a', 'b']);
    expect(items('<p>x</p><table><tr><td></td><td> </td></tr></table>')).toEqual(['x']);
  });

  it('a page’s title names the first list when loaded as a file', async () => {
    const lists = await importFile(
      'html',
      Buffer.from('<title>Greeting</title><p>Hello</p>'),
      opts,
    );
    expect(lists).toEqual([{ title: 'Greeting', items: ['Hello'] }]);
  });
});

describe('docx', () => {
  it('heading styles are lists; paragraphs and pictures are items', async () => {
    const png = makePng();
    const docx = makeDocx([
      { text: 'Before the first heading.' },
      { heading: 1, text: 'Chapter 1' },
      { text: 'It was a dark & stormy night.' },
      { image: png, alt: 'red square' },
      { heading: 2, text: 'Section 1.1' },
      { text: 'Café au lait.' },
    ]);
    const lists = await docxToLists(docx, { name: 'story' });
    expect(lists.map((l) => l.title)).toEqual(['story', 'Chapter 1', 'Section 1.1']);
    expect(lists[0]!.items).toEqual(['Before the first heading.']);
    expect(lists[1]!.items[0]).toBe('It was a dark & stormy night.');
    expect(lists[1]!.items[1]).toBe(
      `![red square](data:image/png;base64,${png.toString('base64')})`,
    );
    expect(lists[2]!.items).toEqual(['Café au lait.']);
  });

  it('a table is one item, a markdown table headed by its first row, not an item per cell', async () => {
    const docx = makeDocx([
      { heading: 1, text: 'Week 1' },
      {
        table: [
          ['Reading', 'Due'],
          ['Chapter 2', 'Monday'],
          ['Chapter 3', 'Friday'],
        ],
      },
      { text: 'After the table.' },
    ]);
    const [week] = await docxToLists(docx, { name: 'plan' });
    expect(week!.items).toHaveLength(2);
    expect(week!.items[0]!.split('\n').map((line) => line.replace(/ +/g, ' '))).toEqual([
      '| Reading | Due |',
      '| --- | --- |',
      '| Chapter 2 | Monday |',
      '| Chapter 3 | Friday |',
    ]);
    expect(week!.items[1]).toBe('After the table.');
  });

  it('a picture too large to keep inline says so', async () => {
    const big = Buffer.concat([makePng(), Buffer.alloc(300 * 1024)]);
    const lists = await docxToLists(makeDocx([{ image: big, alt: 'huge' }]), opts);
    expect(lists[0]!.items).toEqual(['(picture too large to import)']);
  });

  it('a file that is not a docx is refused with a message', async () => {
    await expect(docxToLists(Buffer.from('not a zip'), { name: 'x.docx' })).rejects.toThrow(
      new ImportError('Could not read x.docx as a Word (.docx) document.'),
    );
  });
});

describe('rtf', () => {
  it('larger paragraphs are headings; accents and unicode survive', async () => {
    const rtf = makeRtf([
      { text: 'Opening words.' },
      { heading: 1, text: 'Big Title' },
      { text: 'Plain café text with “quotes”.' },
      { heading: 2, text: 'Smaller' },
      { text: 'Last one.' },
    ]);
    expect(await rtfToLists(rtf, opts)).toEqual([
      { title: 'notes', items: ['Opening words.'] },
      { title: 'Big Title', items: ['Plain café text with “quotes”.'] },
      { title: 'Smaller', items: ['Last one.'] },
    ]);
    expect(await rtfToLists("{\\rtf1\\ansi caf\\'e9 cr\\'e8me\\par}", opts)).toEqual([
      { title: 'notes', items: ['café crème'] },
    ]);
  });

  it('text that is not RTF is refused', async () => {
    await expect(rtfToLists('hello', { name: 'a.rtf' })).rejects.toThrow(
      'Could not read a.rtf as an RTF document.',
    );
  });
});

describe('pdf', () => {
  it('larger lines are headings; gaps and pages end paragraphs', async () => {
    const pdf = makePdf([
      [
        { text: 'A preface line.', size: 12, y: 740 },
        { text: 'Chapter One', size: 24, y: 700 },
        { text: 'The first paragraph starts here and', size: 12, y: 670 },
        { text: 'goes on (with parens).', size: 12, y: 656 },
        { text: 'A second paragraph after a gap.', size: 12, y: 620 },
      ],
      [
        { text: 'Chapter Two,', size: 24, y: 740 },
        { text: 'continued', size: 24, y: 712 },
        { text: 'Page two text.', size: 12, y: 680 },
      ],
    ]);
    expect(await pdfToLists(pdf, { name: 'book' })).toEqual([
      { title: 'book', items: ['A preface line.'] },
      {
        title: 'Chapter One',
        items: [
          'The first paragraph starts here and goes on (with parens).',
          'A second paragraph after a gap.',
        ],
      },
      { title: 'Chapter Two, continued', items: ['Page two text.'] },
    ]);
  });

  it('bytes that are not a PDF are refused', async () => {
    await expect(pdfToLists(Buffer.from('%PDF-garbage'), { name: 'b.pdf' })).rejects.toThrow(
      'Could not read b.pdf as a PDF document.',
    );
  });
});

describe('a text file that does not hold text', () => {
  it('is refused, saying what it looks like, instead of becoming a board of its bytes', async () => {
    const pdf = Buffer.from(makePdf([[{ text: 'Transcript', size: 12, y: 700 }]]));
    await expect(importFile('md', pdf, { ...opts, fileName: 'fake.md' })).rejects.toThrow(
      new ImportError(
        'fake.md does not hold text: it looks like a PDF. Load it under a name ending in .pdf.',
      ),
    );
    const docx = makeDocx([{ text: 'Hello' }]);
    await expect(importFile('txt', docx, { ...opts, fileName: 'notes.txt' })).rejects.toThrow(
      'notes.txt does not hold text: it looks like a Word or zip file.',
    );
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    await expect(importFile('html', noise, { ...opts, fileName: 'page.html' })).rejects.toThrow(
      'page.html does not hold text, as its name’s ending says it should.',
    );
    // Text with a stray byte or two is still text.
    const text = Buffer.concat([
      Buffer.from('# Week 1\n\nCafé '),
      Buffer.from([0xe9]),
      Buffer.from(' ok'),
    ]);
    await expect(importFile('md', text, { ...opts, fileName: 'notes.md' })).resolves.toHaveLength(
      1,
    );
  });
});
