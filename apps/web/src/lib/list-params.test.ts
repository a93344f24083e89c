import { beforeEach, describe, expect, it } from 'vitest';
import { period } from '../components/ListFilters';
import {
  committedListSearch,
  forgetAsked,
  latestListSearch,
  listFilter,
  nextListSearch,
  nextSort,
  parseSize,
  parseSort,
  readListParams,
} from './list-params';

describe('column sort cycle', () => {
  it('goes none → asc → desc → none', () => {
    const a = nextSort(null, 'name');
    expect(a).toEqual({ column: 'name', order: 'asc' });
    const b = nextSort(a, 'name');
    expect(b).toEqual({ column: 'name', order: 'desc' });
    expect(nextSort(b, 'name')).toBeNull();
  });

  it('starts ascending on another column', () => {
    expect(nextSort({ column: 'name', order: 'desc' }, 'email')).toEqual({ column: 'email', order: 'asc' });
  });
});

describe('URL values', () => {
  it('reads sort as column.order and refuses anything else', () => {
    expect(parseSort('date.desc')).toEqual({ column: 'date', order: 'desc' });
    expect(parseSort('date.sideways')).toBeNull();
    expect(parseSort(null)).toBeNull();
  });

  it('reads page sizes, ALL, and falls back on nonsense', () => {
    expect(parseSize('25', 10)).toBe(25);
    expect(parseSize('all', 10)).toBe('all');
    expect(parseSize('-3', 10)).toBe(10);
    expect(parseSize('abc', 10)).toBe(10);
  });
});

describe('quick changes of a list', () => {
  beforeEach(forgetAsked);

  it('a second change made before the first reached the address keeps the first', () => {
    const first = nextListSearch('?q=Corner&page=3', { month: '11' }, true);
    expect(first).toBe('q=Corner&month=11');
    // The router has not committed the first address yet: the year must join the month.
    expect(nextListSearch('?q=Corner&page=3', { year: '2026' }, true)).toBe('q=Corner&month=11&year=2026');
    // Once it has, changes start from the address as it is.
    expect(nextListSearch('?q=Corner&month=11&year=2026', { page: '2' }, false)).toBe(
      'q=Corner&month=11&year=2026&page=2',
    );
  });

  it('a third change made when only the first has arrived keeps the second', () => {
    // A month picked on A, then the waiting search sent while the month is still on its way.
    expect(nextListSearch('?q=', { month: '7' }, true)).toBe('q=&month=7');
    expect(nextListSearch('?q=', { q: 'fuel' }, true)).toBe('q=fuel&month=7');
    // The router commits the month's address (in between): the chain goes on.
    committedListSearch('q=&month=7');
    expect(latestListSearch('q=&month=7')).toBe('q=fuel&month=7');
    // The year, typed now, starts from the search and the month, not from the month alone.
    expect(nextListSearch('?q=&month=7', { year: '2025' }, true)).toBe('q=fuel&month=7&year=2025');
    committedListSearch('q=fuel&month=7&year=2025');
    expect(latestListSearch('q=fuel&month=7&year=2025')).toBe('q=fuel&month=7&year=2025');
  });

  it('an address the changes did not lead to (Back, a link) ends the chain', () => {
    nextListSearch('?month=3', { year: '2024' }, true);
    committedListSearch('q=Corner');
    expect(latestListSearch('month=3')).toBe('month=3');
  });

  it('a change that changes nothing asks for nothing (no history entry)', () => {
    expect(nextListSearch('?q=Corner', { q: 'Corner' }, true)).toBeNull();
    expect(nextListSearch('?q=Corner', { q: null }, true)).toBe('');
  });
});

describe('what the controls stand at', () => {
  it('is the address asked for while it is on its way, and the address once it has arrived', () => {
    nextListSearch('?month=11', { year: '2026' }, true);
    expect(latestListSearch('month=11')).toBe('month=11&year=2026');
    expect(latestListSearch('month=11&year=2026')).toBe('month=11&year=2026');
    // Elsewhere (Back went to another address): that address.
    expect(latestListSearch('q=Corner')).toBe('q=Corner');
  });

  it('reads a search into the request body, defaults filled in', () => {
    const options = { defaultSize: 25, extraDefaults: { month: '', year: '' }, mapExtra: period };
    const read = readListParams(new URLSearchParams('month=11&year=2026&sort=total.desc&page=3'), options);
    expect(listFilter(read, options.mapExtra)).toEqual({
      currentPage: 3,
      resultsPerPage: 25,
      searchQuery: '',
      sortingList: [{ column: 'total', order: 'desc' }],
      startDate: undefined,
      endDate: undefined,
      month: 11,
      year: 2026,
    });
    // ALL asks for the known total, at most the maximum.
    expect(listFilter({ ...read, size: 'all' }, undefined, 40).resultsPerPage).toBe(40);
  });
});
