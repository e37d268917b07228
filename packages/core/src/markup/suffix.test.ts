import { describe, expect, it } from 'vitest';
import {
  AUDIO_SUFFIXES,
  DOCUMENT_SUFFIXES,
  HEIC_SUFFIXES,
  IMAGE_SUFFIXES,
  MAX_SUFFIX_LENGTH,
  OTHER_SUFFIXES,
  VIDEO_SUFFIXES,
  isKnownSuffix,
  mediaKind,
  stripQueryAndHash,
  suffixOf,
} from './suffix';

describe('suffix tables', () => {
  it('are the tables of spec section 5, in its order', () => {
    expect(IMAGE_SUFFIXES).toEqual('jpg jpeg png gif tif tiff webp jfif avif apng bmp'.split(' '));
    expect(HEIC_SUFFIXES).toEqual(['heic', 'heif']);
    expect(VIDEO_SUFFIXES).toEqual('mov mp4 ogv webm flv avi wmv mpeg mpg mp2'.split(' '));
    expect(AUDIO_SUFFIXES).toEqual('mp3 m4a au aif aiff wav ogg oga flac adts weba'.split(' '));
    expect(DOCUMENT_SUFFIXES).toEqual(['pdf', 'txt', 'text']);
    expect(OTHER_SUFFIXES).toEqual(['canvas', 'svg', 'js', 'css']);
    expect(MAX_SUFFIX_LENGTH).toBe(6);
  });

  it('give each suffix its kind, case-insensitively', () => {
    for (const s of IMAGE_SUFFIXES) expect(mediaKind(s)).toBe('image');
    for (const s of HEIC_SUFFIXES) expect(mediaKind(s)).toBe('heic');
    for (const s of VIDEO_SUFFIXES) expect(mediaKind(s)).toBe('video');
    for (const s of AUDIO_SUFFIXES) expect(mediaKind(s)).toBe('audio');
    for (const s of DOCUMENT_SUFFIXES) expect(mediaKind(s)).toBe('document');
    for (const s of OTHER_SUFFIXES) expect(mediaKind(s)).toBe('other');
    expect(mediaKind('MP4')).toBe('video');
    expect(mediaKind('docx')).toBeUndefined();
    expect(isKnownSuffix('Webm')).toBe(true);
    expect(isKnownSuffix('exe')).toBe(false);
  });
});

describe('suffixOf', () => {
  it('reads the lower-case suffix of the last path segment', () => {
    expect(suffixOf('a/b/Clip.MP4')).toBe('mp4');
    expect(suffixOf('/media/lecture.webm')).toBe('webm');
    expect(suffixOf('archive.tar.gz')).toBe('gz');
  });

  it('ignores the query and the hash', () => {
    expect(suffixOf('https://x.org/v.mp4?sig=a.b#t=1,2')).toBe('mp4');
    expect(suffixOf('v.webm#frag.png')).toBe('webm');
    expect(suffixOf('page?file=x.pdf')).toBe('');
  });

  it('finds no suffix in a URL host, a dot file, or one longer than six characters', () => {
    expect(suffixOf('https://example.com')).toBe('');
    expect(suffixOf('https://example.com/')).toBe('');
    expect(suffixOf('.bashrc')).toBe('');
    expect(suffixOf('a.canvas')).toBe('canvas');
    expect(suffixOf('a.toolong')).toBe('');
    expect(suffixOf('a.mp-4')).toBe('');
    expect(suffixOf('end.')).toBe('');
  });

  it('stripQueryAndHash cuts at whichever comes first', () => {
    expect(stripQueryAndHash('a?b#c')).toBe('a');
    expect(stripQueryAndHash('a#b?c')).toBe('a');
    expect(stripQueryAndHash('a')).toBe('a');
  });
});
