import { useEffect, useRef, useState } from 'react';
import { callApi } from '../api/client';
import './media.css';

const signed = new Map<string, Promise<string | null>>();

/** The signed screenshot address of a page, asked for once per page and visit. */
function signedThumbnail(url: string): Promise<string | null> {
  let p = signed.get(url);
  if (!p) {
    p = callApi('/api/thumbnails/sign', { url }).then((r) => (r.ok ? r.value.url : null));
    signed.set(url, p);
  }
  return p;
}

/**
 * A picture of an external page for its link card (spec section 7): asked for only when the card
 * comes into view; a page the server will not or cannot picture simply shows no picture.
 */
export function PageThumbnail({ url }: { url: string }) {
  const ref = useRef<HTMLImageElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let live = true;
    const load = () => void signedThumbnail(url).then((s) => live && setSrc(s));
    if (typeof IntersectionObserver === 'undefined') {
      load();
      return () => {
        live = false;
      };
    }
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        seen.disconnect();
        load();
      }
    });
    // The picture is hidden until it has an address, so watch the card it sits in.
    seen.observe(el.parentElement ?? el);
    return () => {
      live = false;
      seen.disconnect();
    };
  }, [url]);

  if (failed) return null;
  return (
    <img
      ref={ref}
      className="link-card-thumb"
      src={src ?? undefined}
      hidden={!src}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

/** A stored text file's first lines as a picture. */
export function TextThumbnail({ fileKey }: { fileKey: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      className="link-card-thumb"
      src={`/api/thumbnails/text/${fileKey.split('/').map(encodeURIComponent).join('/')}`}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
