import { useState } from 'react';
import { isSafeImageSource } from '@listboard/core';
import type { BlockRenderer } from './types';
import { Caption } from './Caption';
import { NOT_FOUND_IMAGE } from './notFoundImage';
import { srcOf } from '../media/src';

/**
 * `image` blocks (a media line) and `mdimagelink` blocks (`![alt](url "title")`). A source that
 * is unsafe as a link would be (`javascript:` and the like) never reaches the page: the
 * not-found picture stands in for it, with the alt text.
 */
export const ImageBlock: BlockRenderer = ({ block }) => {
  const [failed, setFailed] = useState(false);
  const given = srcOf(block) ?? block.text.trim();
  const safe = isSafeImageSource(given);
  const src = safe ? given : '';
  const alt = block.altText ?? block.caption ?? '';
  const missing = failed || !safe;
  return (
    <figure className="block block-image">
      <img
        src={missing ? NOT_FOUND_IMAGE : src}
        alt={
          !safe
            ? `Image not shown: its address is not allowed${alt ? ` (${alt})` : ''}`
            : failed
              ? `Image not found: ${alt || src}`
              : alt
        }
        title={block.titleText}
        loading="lazy"
        decoding="async"
        data-not-found={failed ? src : undefined}
        onError={() => setFailed(true)}
      />
      <Caption block={block} />
    </figure>
  );
};
