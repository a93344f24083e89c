import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../../test/render';
import { MonthYear, period } from '../../../components/ListFilters';
import type { ListResult, ListSource } from '../../../lib/list-source';
import { ReportScreen } from './ReportPage';

interface Row {
  id: number;
  name: string;
}

/** A report of `total` rows: each request answers the page it asks for. */
function fakeReport(total: number) {
  const fetch = vi.fn(async (filter: Record<string, unknown>): Promise<ListResult<Row, { count: number }>> => {
    const size = Number(filter.resultsPerPage);
    const page = Number(filter.currentPage);
    const rows = Array.from({ length: total }, (_, i) => ({ id: i + 1, name: `Store ${i + 1}` })).slice(
      (page - 1) * size,
      page * size,
    );
    return { rows, currentPage: page, numPages: Math.ceil(total / size), totalRows: total, totals: { count: total } };
  });
  const source: ListSource<Row, { count: number }> = { key: (f) => ['fake-report', f], fetch };
  return { source, fetch };
}

function renderReport(
  source: ListSource<Row, { count: number }>,
  url: string,
  resultsPerPage: number,
  withPeriod = false,
) {
  const exportCsv = vi.fn(async (_filter: Record<string, unknown>) => {});
  renderScreen(
    <ReportScreen<Row, { count: number }>
      title="Store Report"
      source={source}
      columns={() => [{ key: 'name', title: 'Store', sortable: true }]}
      rowKey={(r) => r.id}
      params={withPeriod ? { extraDefaults: { month: '', year: '' }, mapExtra: period } : {}}
      filters={withPeriod ? (p) => <MonthYear p={p} /> : undefined}
      words={() => ['All dates']}
      exportCsv={exportCsv}
    />,
    { url, settings: { resultsPerPage } },
  );
  return { exportCsv };
}

const printedNames = () =>
  within(screen.getByTestId('report-print'))
    .queryAllByRole('row', { hidden: true })
    .map((r) => r.textContent)
    .filter((t) => t?.startsWith('Store '));

describe('a report screen, its printout and its export read one query', () => {
  it('prints the rows on screen with the page size from Settings (3), never a query of its own', async () => {
    const { source, fetch } = fakeReport(8);
    renderReport(source, '/', 3);
    await waitFor(() => expect(printedNames()).toEqual(['Store 1', 'Store 2', 'Store 3']));
    expect(screen.getByText('Rows 1–3 of 8; totals over all 8', { exact: false })).toBeTruthy();
    expect(screen.getByText('Showing 3 of 8 results')).toBeTruthy();
    // One request, and it asked for the Settings' page size.
    expect(fetch.mock.calls.map(([f]) => f.resultsPerPage)).toEqual([3]);
  });

  it("prints the page the screen shows (page 2 of 3 rows) and exports the screen's filter", async () => {
    const { source, fetch } = fakeReport(8);
    const { exportCsv } = renderReport(source, '/?page=2&q=Store', 3);
    await waitFor(() => expect(printedNames()).toEqual(['Store 4', 'Store 5', 'Store 6']));
    expect(new Set(fetch.mock.calls.map(([f]) => JSON.stringify(f))).size).toBe(1);
    screen.getByRole('button', { name: 'Export CSV' }).click();
    await waitFor(() => expect(exportCsv).toHaveBeenCalledTimes(1));
    expect(exportCsv.mock.calls[0][0]).toMatchObject({ currentPage: 2, resultsPerPage: 3, searchQuery: 'Store' });
  });

  it('exports the year just typed, even when the click comes before the rows have followed it', async () => {
    const { source } = fakeReport(8);
    const { exportCsv } = renderReport(source, '/?month=11', 3, true);
    await waitFor(() => expect(printedNames()).toEqual(['Store 1', 'Store 2', 'Store 3']));
    // One act: the year's change and the click land before React renders the new address, as on a
    // busy phone where the router renders the address in a transition.
    act(() => {
      fireEvent.change(screen.getByLabelText('Year'), { target: { value: '2026' } });
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    });
    await waitFor(() => expect(exportCsv).toHaveBeenCalledTimes(1));
    expect(exportCsv.mock.calls[0][0]).toMatchObject({ month: 11, year: 2026 });
  });

  it('two quick clicks on a column sort it descending, even when the second comes before the rows render', async () => {
    const { source, fetch } = fakeReport(8);
    renderReport(source, '/', 3);
    await waitFor(() => expect(printedNames()).toEqual(['Store 1', 'Store 2', 'Store 3']));
    const sortButton = screen.getByRole('button', { name: 'Sort by Store' });
    act(() => {
      fireEvent.click(sortButton);
      fireEvent.click(sortButton);
    });
    await waitFor(() => expect(fetch.mock.calls.at(-1)?.[0].sortingList).toEqual([{ column: 'name', order: 'desc' }]));
    const sorts = fetch.mock.calls.map(([f]) => JSON.stringify(f.sortingList));
    expect(sorts.filter((s) => s.includes('"asc"'))).toEqual([]);
  });
});
