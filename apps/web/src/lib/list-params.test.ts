import { describe, expect, it } from 'vitest';
import { nextSort, parseSize, parseSort } from './list-params';

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
