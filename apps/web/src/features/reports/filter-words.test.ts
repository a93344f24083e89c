import { describe, expect, it } from 'vitest';
import { filterWords } from './filter-words';

const titles = { totalProfit: 'Total Profit' };
const none = { startDate: '', endDate: '', month: '', year: '', status: '' };

describe('filterWords', () => {
  it('names no filter as all dates and status All', () => {
    expect(filterWords({ extra: none, search: '', sort: null }, titles, true)).toEqual(['All dates', 'Status: All']);
  });

  it('names every filter the request applies, in words', () => {
    const extra = { startDate: '2026-01-05', endDate: '2026-03-31', month: '3', year: '2026', status: 'DUE' };
    const sort = { column: 'totalProfit', order: 'desc' } as const;
    expect(filterWords({ extra, search: 'cola', sort }, titles, true)).toEqual([
      'From 01-05-2026 to 03-31-2026',
      'Month: March',
      'Year: 2026',
      'Status: DUE',
      'Search: “cola”',
      'Sorted by Total Profit, descending',
    ]);
  });

  it('leaves out a year that is not sent, and the status of a report without one', () => {
    const extra = { ...none, endDate: '2026-02-28', year: '26', status: 'PAID' };
    expect(filterWords({ extra, search: '', sort: { column: 'x', order: 'asc' } }, titles, false)).toEqual([
      'Up to 02-28-2026',
      'Sorted by x, ascending',
    ]);
  });
});
