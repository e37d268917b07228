import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES, type BlockType } from '../model';
import { classifyBlock } from './classify';

const ctx = { owner: 'maya' };
const typeOf = (text: string): BlockType => classifyBlock(text, ctx).type;

describe('classifyBlock: one example per block type', () => {
  const examples: Record<BlockType, string> = {
    video: 'lecture.mp4',
    audio: 'https://x.org/talk.MP3',
    image: '/media/photo.jpeg',
    externalurl: 'https://example.org/page?q=1',
    document: 'notes.pdf',
    dynamic: '^clock(utc)',
    listtoggle: '!week1',
    fencedcode: '```ts\nconst a = 1;\n```',
    mathblock1: '$$\\int_0^1 x^2\\,dx$$',
    mathblock2: '\\[ a^2 + b^2 \\]',
    mathinline1: '$e^{i\\pi}$',
    mathinline2: '\\(x\\)',
    jsMedia: 'js:canvas sketch.js',
    mdtextlink: '[Course](/maya/home;course)',
    mdimagelink: '![A cat](cat.png)',
    mdtext: '### Heading\n\nnot split here, but **bold**',
    mdlist: '1. one\n2. two',
    mdtable: '| a | b |\n|---|---|\n| 1 | 2 |',
    mdhtml: '<details><summary>More</summary>x</details>',
    text: 'Just words, nothing more.',
    'unknown-upload': 'files/notes.docx',
  };

  it.each(BLOCK_TYPES.map((t) => [t, examples[t]] as const))('%s', (type, text) => {
    expect(typeOf(text)).toBe(type);
  });
});

describe('classifyBlock: media', () => {
  it('fills the media fields', () => {
    expect(classifyBlock('clip.mp4 0:10-0:20 # p.jpg ~ Clip : A clip | Clip One', ctx)).toEqual({
      text: 'clip.mp4 0:10-0:20 # p.jpg ~ Clip : A clip | Clip One',
      type: 'video',
      url: 'maya/clip.mp4',
      fullpathnq: 'maya/clip.mp4',
      isUpload: true,
      suffix: 'mp4',
      range: {
        start: 10,
        end: 20,
        startCode: '0:10',
        endCode: '0:20',
        url: 'maya/clip.mp4#t=10,20',
        posterCode: '0-10',
      },
      caption: 'Clip',
      altText: 'A clip',
      titleText: 'clip-one',
      posterUrl: 'maya/p.jpg',
      posterPath: 'p.jpg',
    });
  });

  it('resolves uploads under the uploads folder', () => {
    const block = classifyBlock('song.ogg', { owner: 'maya', uploadsFolder: 'bucket' });
    expect(block).toMatchObject({ type: 'audio', url: 'bucket/maya/song.ogg', isUpload: true });
  });

  it('continues the caption with the lines after the media line', () => {
    const block = classifyBlock('photo.png ~ Harbour\nat dawn\n  in May', ctx);
    expect(block).toMatchObject({ type: 'image', caption: 'Harbour\nat dawn\nin May' });
    expect(classifyBlock('photo.png\nA harbour', ctx).caption).toBe('A harbour');
  });

  it('keeps a range only for video and audio', () => {
    expect(classifyBlock('photo.png 1-2', ctx).range).toBeUndefined();
    expect(classifyBlock('song.mp3#t=5', ctx).range).toMatchObject({ start: 5, end: -1 });
  });

  it('takes documents by suffix, from uploads or URLs', () => {
    expect(typeOf('https://x.org/paper.pdf')).toBe('document');
    expect(typeOf('readme.txt ~ Read me')).toBe('document');
    expect(typeOf('/docs/a.text')).toBe('document');
  });

  it('is text when the line holds more than a media line', () => {
    expect(typeOf('photo.jpg is lovely')).toBe('text');
    expect(typeOf('I/O is slow.')).toBe('text');
  });
});

describe('classifyBlock: externalurl', () => {
  it('is a lone http(s) URL, captions allowed', () => {
    expect(classifyBlock('https://example.org ~ Example', ctx)).toMatchObject({
      type: 'externalurl',
      url: 'https://example.org',
      caption: 'Example',
      isUpload: false,
    });
    expect(typeOf('https://x.org/drawing.svg')).toBe('externalurl');
  });

  it('is not a URL followed by more lines', () => {
    expect(typeOf('https://example.org\nsee there')).toBe('mdtext');
  });
});

describe('classifyBlock: unknown-upload', () => {
  it('is an upload path the renderers cannot show', () => {
    expect(typeOf('photo.heic')).toBe('unknown-upload');
    expect(typeOf('drawing.svg')).toBe('unknown-upload');
    expect(typeOf('slides.pptx ~ Slides')).toBe('unknown-upload');
    expect(classifyBlock('files/notes.docx', ctx)).toMatchObject({
      url: 'maya/files/notes.docx',
      suffix: 'docx',
      isUpload: true,
    });
  });

  it('leaves lone host names and abbreviations as text', () => {
    expect(typeOf('example.com')).toBe('text');
    expect(typeOf('e.g.')).toBe('text');
    expect(typeOf('and/or')).toBe('text');
    expect(typeOf('v1/v2.0')).toBe('text');
    expect(typeOf('www.example.com/page.html')).toBe('text');
  });
});

describe('classifyBlock: the rest', () => {
  it('dynamic needs a well-formed function link alone', () => {
    expect(classifyBlock('^users(online, 10)', ctx)).toEqual({
      text: '^users(online, 10)',
      type: 'dynamic',
      url: '^users(online, 10)',
    });
    expect(typeOf('^broken(')).toBe('text');
    expect(typeOf('^f()\nmore')).toBe('text');
  });

  it('listtoggle: !tag or +[List title]', () => {
    expect(classifyBlock('+[Week 2]', ctx)).toMatchObject({
      type: 'listtoggle',
      caption: 'Week 2',
    });
    expect(classifyBlock('!draft', ctx)).toMatchObject({ type: 'listtoggle', url: '!draft' });
    expect(typeOf('!!!')).toBe('text');
    expect(typeOf('!tag and more')).toBe('text');
  });

  it('fencedcode takes the language from the info string', () => {
    expect(classifyBlock('```python extra\nprint(1)\n\n\nprint(2)\n```', ctx)).toMatchObject({
      type: 'fencedcode',
      highlightLanguage: 'python',
    });
    expect(classifyBlock('~~~\nplain\n~~~', ctx).highlightLanguage).toBeUndefined();
    expect(typeOf('```\ncode\n```\nafter')).toBe('mdtext');
    expect(typeOf('```\nnever closed')).toBe('mdtext');
  });

  it('math needs the whole block to be one formula', () => {
    expect(typeOf('$$\na\n\nb\n$$')).toBe('mathblock1');
    expect(typeOf('$$a$$ and $$b$$')).toBe('mdtext');
    expect(typeOf('$5 and $6')).toBe('mdtext');
    expect(typeOf('$ $')).toBe('mdtext');
  });

  it('jsMedia fills its fields', () => {
    expect(classifyBlock('js:chart data.csv css=chart.css boxes=2 bar red', ctx)).toEqual({
      text: 'js:chart data.csv css=chart.css boxes=2 bar red',
      type: 'jsMedia',
      url: 'maya/data.csv',
      jsMedia: {
        type: 'chart',
        url: 'maya/data.csv',
        css: 'maya/chart.css',
        numboxes: 2,
        args: ['bar', 'red'],
      },
    });
  });

  it('links: the whole block is one link', () => {
    expect(classifyBlock('[Help](/admin/help "The guide")', ctx)).toEqual({
      text: '[Help](/admin/help "The guide")',
      type: 'mdtextlink',
      url: '/admin/help',
      caption: 'Help',
      titleText: 'The guide',
      boardRefs: ['/admin/help'],
    });
    expect(classifyBlock('![Map](https://x.org/m.png)', ctx)).toMatchObject({
      type: 'mdimagelink',
      url: 'https://x.org/m.png',
      altText: 'Map',
      suffix: 'png',
      isUpload: false,
    });
    expect(typeOf('[a](b) and more')).toBe('mdtext');
  });

  it('reads a picture from a javascript: or other unsafe source as markdown text, never as a picture', () => {
    for (const text of [
      '![x](javascript:alert(1))',
      '![x](JAVASCRIPT:alert(1))',
      '![x](vbscript:msgbox(1))',
      '![x](data:text/html,hi)',
      '![x](//evil.org/a.png)',
    ]) {
      const block = classifyBlock(text, ctx);
      expect(block.type, text).toBe('mdtext');
      expect(block.url, text).toBeUndefined();
    }
    expect(classifyBlock('![x](data:image/png;base64,iVBO)', ctx).type).toBe('mdimagelink');
    // A link's own filtering is unchanged: the block is a link, which the web will not follow.
    expect(classifyBlock('[x](javascript:alert(1))', ctx).type).toBe('mdtextlink');
  });

  it('collects board references from markdown links', () => {
    const block = classifyBlock(
      'See [one](/a/b) and [two](/a/c#x), [one again](/a/b?q), [ext](https://x.org).',
      ctx,
    );
    expect(block.boardRefs).toEqual(['/a/b', '/a/c']);
  });

  it('markdown kinds', () => {
    expect(typeOf('- a\n- b')).toBe('mdlist');
    expect(typeOf('* a')).toBe('mdlist');
    expect(typeOf('+ a')).toBe('mdlist');
    expect(typeOf('3) third')).toBe('mdlist');
    expect(typeOf('---')).toBe('mdtext');
    expect(typeOf('* * *')).toBe('mdtext');
    expect(typeOf('-5 degrees')).toBe('text');
    expect(typeOf('<!-- note -->')).toBe('mdhtml');
    expect(typeOf('<https://x.org> is a link')).toBe('mdtext');
    expect(typeOf('> quoted')).toBe('mdtext');
    expect(typeOf('a_b')).toBe('mdtext');
    expect(typeOf('Tom &amp; Jerry')).toBe('mdtext');
    expect(typeOf('Tom & Jerry')).toBe('text');
    expect(typeOf('Title\n=====')).toBe('mdtext');
  });
});
