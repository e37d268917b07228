import { describe, expect, it } from 'vitest';
import {
  isSearchQuery,
  pageOf,
  searchHref,
  splitSearchAddress,
  stepPage,
  withArg,
} from './address';

describe('search addresses', () => {
  it('knows a search query from other queries', () => {
    expect(isSearchQuery('?--searched--')).toBe(true);
    expect(isSearchQuery('?--searched--&searchStr=fox')).toBe(true);
    expect(isSearchQuery('?searchStr=fox')).toBe(true);
    expect(isSearchQuery('?code=pending&username=ann')).toBe(true);
    expect(isSearchQuery('?page=2')).toBe(false);
    expect(isSearchQuery('')).toBe(false);
  });

  it('splits the boards before the results from the results', () => {
    expect(
      splitSearchAddress('/author/plant-biology;guest/results', '?--searched--&searchStr=fox'),
    ).toEqual({
      chain: '/author/plant-biology',
      results: '/author/plant-biology;guest/results?--searched--&searchStr=fox',
    });
    expect(splitSearchAddress('/ann/home', '?code=pending')).toEqual({
      chain: '',
      results: '/ann/home?code=pending',
    });
    expect(splitSearchAddress('/ann/home;help', '')).toEqual({
      chain: '/ann/home;help',
      results: null,
    });
  });

  it('a new search follows the boards on screen, replacing earlier results', () => {
    const params = new URLSearchParams({ searchStr: 'red fox', by: 'text' });
    expect(searchHref('/author/plant-biology', '', 'reader', params)).toBe(
      '/author/plant-biology;reader/results?--searched--&searchStr=red+fox&by=text',
    );
    expect(
      searchHref(
        '/author/plant-biology;reader/results',
        '?--searched--&searchStr=x',
        'reader',
        params,
      ),
    ).toBe('/author/plant-biology;reader/results?--searched--&searchStr=red+fox&by=text');
    expect(searchHref('/author/home', '', 'author', params)).toBe(
      '/author/home;results?--searched--&searchStr=red+fox&by=text',
    );
  });

  it('pages run from 0 to 100', () => {
    expect(pageOf('?--searched--&searchStr=x')).toBe(0);
    expect(pageOf('?page=7')).toBe(7);
    expect(pageOf('?page=400')).toBe(100);
    expect(stepPage('?--searched--&searchStr=x', -1)).toEqual({ ok: false, reason: 'first' });
    expect(stepPage('?--searched--&searchStr=x', 1)).toEqual({
      ok: true,
      search: '?--searched--&searchStr=x&page=1',
    });
    expect(stepPage('?--searched--&page=1&searchStr=x', -1)).toEqual({
      ok: true,
      search: '?--searched--&searchStr=x&page=0',
    });
    expect(stepPage('?searchStr=x&page=100', 1)).toEqual({ ok: false, reason: 'last' });
  });

  it('sets one argument and keeps the others as written', () => {
    expect(withArg('?--searched--&searchStr=a%20b&sort=Title', 'sort', 'Start Date')).toBe(
      '?--searched--&searchStr=a%20b&sort=Start%20Date',
    );
    expect(withArg('?--searched--&ascend=true', 'ascend', null)).toBe('?--searched--');
  });
});
