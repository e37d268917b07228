import { describe, expect, it } from 'vitest';
import { fileNameOf, isUploadPath, resolveAddress } from './address';

describe('resolveAddress', () => {
  it('resolves an upload path to owner/file', () => {
    expect(resolveAddress('clip.mp4', { owner: 'maya' })).toEqual({
      kind: 'upload',
      url: 'maya/clip.mp4',
      fullpathnq: 'maya/clip.mp4',
      isUpload: true,
    });
  });

  it('puts the uploads folder first when there is one', () => {
    expect(
      resolveAddress('week1/clip.mp4?v=2', { owner: 'maya', uploadsFolder: 'uploads/' }),
    ).toEqual({
      kind: 'upload',
      url: 'uploads/maya/week1/clip.mp4?v=2',
      fullpathnq: 'uploads/maya/week1/clip.mp4',
      isUpload: true,
    });
  });

  it('drops a leading ./ and works without an owner', () => {
    expect(resolveAddress('./a.png')?.url).toBe('a.png');
  });

  it('keeps URLs and site paths as written', () => {
    expect(resolveAddress('https://x.org/a.mp4#t=1')).toEqual({
      kind: 'url',
      url: 'https://x.org/a.mp4#t=1',
      fullpathnq: 'https://x.org/a.mp4',
      isUpload: false,
    });
    expect(resolveAddress('/media/a.webm', { owner: 'maya' })).toMatchObject({
      kind: 'site',
      url: '/media/a.webm',
      isUpload: false,
    });
  });

  it('refuses tokens that are no address', () => {
    for (const bad of ['//evil.org/a.mp4', 'mailto:a@b.c', 'javascript:alert(1)', '![a](b)', '']) {
      expect(resolveAddress(bad), bad).toBeNull();
    }
  });
});

describe('isUploadPath', () => {
  it('accepts file names and relative paths', () => {
    for (const ok of ['a.mp4', 'week-1/a.mp4', 'Café.jpg', '_x', './a.png']) {
      expect(isUploadPath(ok), ok).toBe(true);
    }
  });

  it('refuses traversal, empty segments, schemes and markup', () => {
    for (const bad of [
      '../a.mp4',
      'a/../../b.mp4',
      'a//b.mp4',
      'a/',
      'http:x',
      '!tag',
      '^f()',
      '$x',
      '@label',
      '[a](b)',
      '`x`',
      'a|b',
      '-x',
      '.hidden',
    ]) {
      expect(isUploadPath(bad), bad).toBe(false);
    }
  });
});

describe('fileNameOf', () => {
  it('is the decoded last segment without query or hash', () => {
    expect(fileNameOf('https://x.org/dir/My%20Clip.mp4?x#t=1')).toBe('My Clip.mp4');
    expect(fileNameOf('bad%E0.mp4')).toBe('bad%E0.mp4');
  });
});
