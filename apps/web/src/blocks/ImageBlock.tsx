import { useState } from 'react';
import type { BlockRenderer } from './types';
import { Caption } from './Caption';
import { NOT_FOUND_IMAGE } from './notFoundImage';
import { srcOf } from '../media/src';

/** `image` blocks (a media line) and `mdimagelink` blocks (`![alt](url "title")`). */
export const ImageBlock: BlockRenderer = ({ block }) => {
  const [failed, setFailed] = useState(false);
  const src = srcOf(block) ?? block.text.trim();
  const alt = block.altText ?? block.caption ?? '';
  return (
    <figure className="block block-image">
      <img
        src={failed ? NOT_FOUND_IMAGE : src}
        alt={failed ? `Image not found: ${alt || src}` : alt}
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
