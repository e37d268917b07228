import { describe, expect, it } from 'vitest';
import { withScheme } from './url';

describe('withScheme', () => {
  it.each([
    ['example.org', 'https://example.org'],
    ['  example.org/news/today?x=1#top ', 'https://example.org/news/today?x=1#top'],
    ['www.example.org:8080/a', 'https://www.example.org:8080/a'],
    ['//cdn.example.org/x.pdf', 'https://cdn.example.org/x.pdf'],
    ['sub.example.co.uk', 'https://sub.example.co.uk'],
    ['http://example.org', 'http://example.org'],
    ['HTTPS://Example.org/A', 'HTTPS://Example.org/A'],
    ['ftp://example.org/a', 'ftp://example.org/a'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['mailto:someone@example.org', 'mailto:someone@example.org'],
    ['localhost:3000', 'localhost:3000'],
    ['not a url', 'not a url'],
    ['example.org with words', 'example.org with words'],
    ['example.', 'example.'],
    ['.org', '.org'],
    ['user@example.org', 'user@example.org'],
    ['', ''],
  ])('%j -> %j', (typed, expected) => {
    expect(withScheme(typed)).toBe(expected);
  });
});
