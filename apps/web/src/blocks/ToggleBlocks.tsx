import { parseListToggle } from '@listboard/core';
import type { BlockRenderer } from './types';
import { TextBlock } from './TextBlock';
import { JsMediaBlock } from './JsMediaBlock';

/**
 * `!tag` and `+[List title]` toggles, and `^function()` blocks, are links so that they act
 * through the board's one delegated link handler.
 */
export const ListToggleBlock: BlockRenderer = ({ block }) => {
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

export const DynamicBlock: BlockRenderer = ({ block }) => (
  <a className="block block-toggle" role="button" href={block.text.trim()}>
    {block.caption ?? block.text.trim().replace(/^\^/, '').replace(/\(.*$/, '')}
  </a>
);

export const ScriptedBlock: BlockRenderer = ({ block }) =>
  block.jsMedia ? (
    <JsMediaBlock block={block} media={block.jsMedia} />
  ) : (
    <TextBlock block={block} />
  );
