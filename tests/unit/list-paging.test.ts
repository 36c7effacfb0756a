import { describe, expect, it } from 'vitest';
import {
  listHref,
  listQueryFromSearch,
  matchesSearch,
  pageOf,
  RESTAURANT_SEARCH_FIELDS,
  USER_SEARCH_FIELDS,
} from '../../src/machines/list.machine';
import { pageText, showingText, shownRange } from '../../src/ui/list-controls';

const person = { name: 'Ava Chen', city: 'Sydney', state: 'NSW', restaurant: 'Bondi Beach', role: 'Chef', email: 'ava@example.com' };
const numbered = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Person ${i + 1}` }));

describe('search: case-insensitive substring, back to page 1', () => {
  it('is a case-insensitive substring of any named field', () => {
    for (const query of ['ava', 'SYD', 'nsw', 'beach', 'cHeF', '  chen '])
      expect(matchesSearch(person, USER_SEARCH_FIELDS, query)).toBe(true);
  });

  it('ignores fields it does not name', () => {
    expect(matchesSearch(person, USER_SEARCH_FIELDS, 'example.com')).toBe(false);
    expect(matchesSearch(person, RESTAURANT_SEARCH_FIELDS, 'sydney')).toBe(false);
    expect(matchesSearch({ name: 'Harbour Eats', location: 'Bondi Beach NSW' }, RESTAURANT_SEARCH_FIELDS, 'bondi')).toBe(true);
  });

  it('an empty search keeps everything; a missing or non-text field matches nothing', () => {
    expect(matchesSearch({}, USER_SEARCH_FIELDS, '')).toBe(true);
    expect(matchesSearch({ name: null, role: { label: 'Chef' } }, USER_SEARCH_FIELDS, 'chef')).toBe(false);
  });
});

describe('paging: 5 a page', () => {
  it('12 items: pages of 5, 5 and 2', () => {
    expect(pageOf(numbered(12), ['name'], { query: '', page: 1 })).toMatchObject({ page: 1, pageCount: 3, from: 1, to: 5, total: 12 });
    const last = pageOf(numbered(12), ['name'], { query: '', page: 3 });
    expect(last).toMatchObject({ page: 3, pageCount: 3, from: 11, to: 12, total: 12 });
    expect(last.items.map((i) => i.name)).toEqual(['Person 11', 'Person 12']);
  });

  it('a page past the last shows the last; none matching is one empty page', () => {
    expect(pageOf(numbered(7), ['name'], { query: '', page: 9 })).toMatchObject({ page: 2, from: 6, to: 7 });
    expect(pageOf(numbered(7), ['name'], { query: 'zzz', page: 1 })).toEqual({
      items: [],
      page: 1,
      pageCount: 1,
      from: 0,
      to: 0,
      total: 0,
    });
  });

  it('counts only the matches', () => {
    expect(pageOf(numbered(12), ['name'], { query: 'person 1', page: 1 })).toMatchObject({ total: 4, pageCount: 1, to: 4 });
  });
});

describe('pager texts', () => {
  it('"Showing X–Y of Z" with an en dash, "Page N of M"', () => {
    expect(showingText(6, 10, 12)).toBe('Showing 6\u201310 of 12');
    expect(showingText(0, 0, 0)).toBe('Showing 0 of 0');
    expect(pageText(2, 3)).toBe('Page 2 of 3');
  });

  it('numbers the entries a page shows from its page and page size', () => {
    expect(shownRange(1, 20, 20)).toEqual({ from: 1, to: 20 });
    expect(shownRange(2, 20, 7)).toEqual({ from: 21, to: 27 });
  });
});

describe('the URL query', () => {
  it('reads q and page; a bad page is page 1', () => {
    expect(listQueryFromSearch('?q=ava&page=2')).toEqual({ query: 'ava', page: 2 });
    expect(listQueryFromSearch('q=ava+chen')).toEqual({ query: 'ava chen', page: 1 });
    for (const bad of ['page=0', 'page=-1', 'page=2.5', 'page=x', '']) expect(listQueryFromSearch(bad).page).toBe(1);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(listHref('/user', { query: '', page: 1 })).toBe('/user');
    expect(listHref('/user', { query: '', page: 2 })).toBe('/user?page=2');
    const href = listHref('/user', { query: 'ava & co', page: 3 });
    expect(listQueryFromSearch(href.split('?')[1]!)).toEqual({ query: 'ava & co', page: 3 });
  });
});
