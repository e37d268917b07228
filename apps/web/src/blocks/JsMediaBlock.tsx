import { useMemo } from 'react';
import { CHART_VERSIONS, own, type Block } from '@listboard/core';

const LIBRARY: Record<string, string> = {
  d3v3: '/vendor/d3.v3.min.js',
  d3v4: '/vendor/d3.v4.min.js',
  d3v5: '/vendor/d3.v5.min.js',
};

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A script-driven block runs in a sandboxed frame: scripts may run, but the frame has an opaque
 * origin, so it cannot read the app's cookies, storage or DOM. It gets the named charting library
 * version, the block's script and stylesheet, and its url and args on the body's data attributes
 * (inline script is not allowed by the app's content security policy).
 */
export function JsMediaBlock({
  block,
  media,
  width,
}: {
  block: Block;
  media: NonNullable<Block['jsMedia']>;
  width?: number;
}) {
  const lib = own(LIBRARY, media.type);
  const srcdoc = useMemo(
    () =>
      [
        '<!doctype html><html><head><meta charset="utf-8">',
        '<style>body{margin:0;font:13px system-ui,sans-serif}</style>',
        media.css ? `<link rel="stylesheet" href="${escapeAttr(media.css)}">` : '',
        '</head>',
        `<body data-url="${escapeAttr(media.url)}" data-args="${escapeAttr(JSON.stringify(media.args))}" data-boxes="${media.numboxes ?? 1}">`,
        lib ? `<script src="${lib}"></script>` : '',
        media.js ? `<script src="${escapeAttr(media.js)}"></script>` : '',
        '</body></html>',
      ].join(''),
    [media, lib],
  );
  if (!lib && !media.js) {
    return (
      <p className="block block-error">
        Unknown script type {media.type}; use one of{' '}
        {CHART_VERSIONS.map((v) => `d3${v}`).join(', ')}.
      </p>
    );
  }
  return (
    <iframe
      className="block block-jsmedia"
      title={block.caption ?? `${media.type} chart`}
      sandbox="allow-scripts"
      srcDoc={srcdoc}
      style={{ width: width ? `${width - 20}px` : '100%', border: '4px solid var(--line)' }}
    />
  );
}
