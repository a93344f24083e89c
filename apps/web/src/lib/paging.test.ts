import { describe, expect, it } from 'vitest';
import { pageSizeOptions, pageWindow } from './paging';

describe('pageWindow (5 page buttons)', () => {
  it('centres on the current page', () => {
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
  });
  it('stays inside the first and last pages', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
  it('shows fewer buttons when there are fewer pages', () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });
});

describe("pageWindow with the settings' Pages Displayed", () => {
  it('shows that many buttons', () => {
    expect(pageWindow(5, 20, 7)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(pageWindow(1, 20, 1)).toEqual([1]);
  });
});

describe('pageSizeOptions (the Show selector)', () => {
  it('offers 10, 25, 50, 100 and ALL', () => {
    expect(pageSizeOptions(10, 10)).toEqual(['10', '25', '50', '100', 'ALL']);
  });
  it('adds the configured size and the current one in order', () => {
    expect(pageSizeOptions(15, 'all')).toEqual(['10', '15', '25', '50', '100', 'ALL']);
    expect(pageSizeOptions(30, 200)).toEqual(['10', '25', '30', '50', '100', '200', 'ALL']);
  });
});
