/**
 * One renderer per block type, looked up in one table: adding a type means adding an entry.
 */
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import katex from 'katex';
import DOMPurify from 'dompurify';
import { PDF_SCALE_STEPS, parseListToggle, type Block, type BlockType } from '@listboard/core';
import { useZoom } from './zoom';
import { renderMarkdown } from './markdown';
import { MediaPlayer } from './MediaPlayer';
import { PdfBlock } from './PdfBlock';
import { JsMediaBlock } from './JsMediaBlock';

type Renderer = (props: { block: Block }) => ReactElement;

function Html({ html, className }: { html: string; className: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

const MarkdownBlock: Renderer = ({ block }) => {
  const html = useMemo(() => renderMarkdown(block.text), [block.text]);
  return <Html className="block block-md" html={html} />;
};

/** highlight.js is loaded the first time a code block is on screen, not with the app. */
let hljsLoading: Promise<typeof import('highlight.js/lib/common').default> | null = null;

const CodeBlock: Renderer = ({ block }) => {
  const body = block.text.replace(/^(```|~~~)[^\n]*\n?/, '').replace(/\n?(```|~~~)\s*$/, '');
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    hljsLoading ??= import('highlight.js/lib/common').then((m) => m.default);
    void hljsLoading.then((hljs) => {
      const lang =
        block.highlightLanguage && hljs.getLanguage(block.highlightLanguage)
          ? block.highlightLanguage
          : undefined;
      const out = lang
        ? hljs.highlight(body, { language: lang }).value
        : hljs.highlightAuto(body).value;
      if (live) setHtml(DOMPurify.sanitize(out));
    });
    return () => {
      live = false;
    };
  }, [body, block.highlightLanguage]);
  return (
    <pre className="block block-code">
      {html === null ? (
        <code className="hljs">{body}</code>
      ) : (
        <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </pre>
  );
};

function mathSource(block: Block): { tex: string; display: boolean } {
  const t = block.text.trim();
  if (block.type === 'mathblock1')
    return { tex: t.replace(/^\$\$/, '').replace(/\$\$$/, ''), display: true };
  if (block.type === 'mathblock2')
    return { tex: t.replace(/^\\\[/, '').replace(/\\\]$/, ''), display: true };
  if (block.type === 'mathinline1')
    return { tex: t.replace(/^\$/, '').replace(/\$$/, ''), display: false };
  return { tex: t.replace(/^\\\(/, '').replace(/\\\)$/, ''), display: false };
}

const MathBlock: Renderer = ({ block }) => {
  const html = useMemo(() => {
    const { tex, display } = mathSource(block);
    return katex.renderToString(tex, {
      displayMode: display,
      throwOnError: false,
      output: 'htmlAndMathml',
    });
  }, [block]);
  return <Html className="block block-math" html={html} />;
};

function Caption({ block }: { block: Block }) {
  return block.caption ? <figcaption>{block.caption}</figcaption> : null;
}

const ImageBlock: Renderer = ({ block }) => {
  const [failed, setFailed] = useState(false);
  const src = block.url ?? block.text.trim();
  return (
    <figure className="block block-image">
      {failed ? (
        <div className="not-found" role="img" aria-label={`Image not found: ${src}`}>
          Image not found
        </div>
      ) : (
        <img
          src={src}
          alt={block.altText ?? block.caption ?? ''}
          title={block.titleText}
          loading="lazy"
          onError={() => setFailed(true)}
        />
      )}
      <Caption block={block} />
    </figure>
  );
};

const VideoBlock: Renderer = ({ block }) => (
  <figure className="block block-video">
    <MediaPlayer block={block} kind="video" />
    <Caption block={block} />
  </figure>
);

const AudioBlock: Renderer = ({ block }) => (
  <figure className="block block-audio">
    <MediaPlayer block={block} kind="audio" />
    <Caption block={block} />
  </figure>
);

const ExternalUrlBlock: Renderer = ({ block }) => {
  const url = block.url ?? block.text.trim();
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // keep the text as typed
  }
  return (
    <a className="block block-link-card" href={url} target="_blank" rel="noopener noreferrer">
      <span className="link-card-host">{host}</span>
      <span className="link-card-title">{block.caption ?? url}</span>
    </a>
  );
};

const PdfOrDocument: Renderer = ({ block }) => {
  const zoom = useZoom();
  const scale = PDF_SCALE_STEPS[Math.max(0, Math.min(PDF_SCALE_STEPS.length - 1, zoom))]!;
  return block.suffix === 'pdf' ? (
    <PdfBlock block={block} scale={scale} />
  ) : (
    <DocumentBlock block={block} />
  );
};

const DocumentBlock: Renderer = ({ block }) => (
  <a
    className="block block-link-card"
    href={block.url ?? block.text}
    target="_blank"
    rel="noopener noreferrer"
  >
    <span className="link-card-host">{(block.suffix ?? 'file').toUpperCase()}</span>
    <span className="link-card-title">{block.caption ?? block.url}</span>
  </a>
);

/** `!tag` and `+[List title]` toggles, and `^function()` blocks, act through the board's link handler. */
const ListToggleBlock: Renderer = ({ block }) => {
  const toggle = parseListToggle(block.text);
  if (!toggle) return <TextBlock block={block} />;
  return toggle.kind === 'tag' ? (
    <a className="block block-toggle" role="button" href={`!${toggle.name}`}>
      Show or hide “{toggle.name}” items
    </a>
  ) : (
    <a
      className="block block-toggle"
      role="button"
      href={`#${toggle.name}`}
      data-toggle-list={toggle.name}
    >
      Show or hide the list “{toggle.name}”
    </a>
  );
};

const DynamicBlock: Renderer = ({ block }) => (
  <a className="block block-toggle" role="button" href={block.text.trim()}>
    {block.caption ?? block.text.trim().replace(/^\^/, '').replace(/\(.*$/, '')}
  </a>
);

const TextBlock: Renderer = ({ block }) => <p className="block block-text">{block.text}</p>;

export const BLOCK_RENDERERS: Partial<Record<BlockType, Renderer>> = {
  mdtext: MarkdownBlock,
  mdlist: MarkdownBlock,
  mdtable: MarkdownBlock,
  mdhtml: MarkdownBlock,
  mdtextlink: MarkdownBlock,
  mdimagelink: MarkdownBlock,
  listtoggle: ListToggleBlock,
  dynamic: DynamicBlock,
  fencedcode: CodeBlock,
  mathblock1: MathBlock,
  mathblock2: MathBlock,
  mathinline1: MathBlock,
  mathinline2: MathBlock,
  image: ImageBlock,
  video: VideoBlock,
  audio: AudioBlock,
  externalurl: ExternalUrlBlock,
  document: PdfOrDocument,
  text: TextBlock,
  jsMedia: ({ block }) =>
    block.jsMedia ? <JsMediaBlock block={block} /> : <TextBlock block={block} />,
};

export function BlockView({ block }: { block: Block }) {
  const R = BLOCK_RENDERERS[block.type] ?? TextBlock;
  return <R block={block} />;
}
