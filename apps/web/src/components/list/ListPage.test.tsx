import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import type { ListResult, ListSource } from '../../lib/list-source';
import { ListPage } from './ListPage';

interface Row {
  id: number;
  name: string;
  amount: number;
}

/** A list of `total` stores that answers the page, search and sort it is asked for. */
function stores(total: number) {
  const all = Array.from({ length: total }, (_, i) => ({ id: i + 1, name: `Store ${i + 1}`, amount: i + 0.5 }));
  const fetch = vi.fn(async (f: Record<string, unknown>): Promise<ListResult<Row, { amount: number }>> => {
    const q = String(f.searchQuery ?? '');
    const sort = (f.sortingList as { column: string; order: string }[])[0];
    let rows = all.filter((r) => r.name.includes(q));
    if (sort?.column === 'name')
      rows = [...rows].sort((a, b) => a.name.localeCompare(b.name) * (sort.order === 'asc' ? 1 : -1));
    const size = Number(f.resultsPerPage);
    const page = Number(f.currentPage);
    return {
      rows: rows.slice((page - 1) * size, page * size),
      currentPage: page,
      numPages: Math.max(1, Math.ceil(rows.length / size)),
      totalRows: rows.length,
      totals: { amount: rows.reduce((s, r) => s + r.amount, 0) },
    };
  });
  const source: ListSource<Row, { amount: number }> = { key: (f) => ['stores', f], fetch };
  return { source, fetch };
}

const names = () =>
  screen
    .queryAllByRole('cell')
    .map((c) => c.textContent ?? '')
    .filter((t) => /^Store \d+$/.test(t));

function renderStores(total: number, resultsPerPage: number, remove = vi.fn(async () => {})) {
  const { source, fetch } = stores(total);
  const view = renderScreen(
    <ListPage<Row, { amount: number }>
      title="Stores"
      source={source}
      columns={[
        { key: 'name', title: 'Name', sortable: true },
        { key: 'amount', title: 'Amount' },
      ]}
      header={{ addNewTo: '/stores/new' }}
      bulkActions={[{ label: 'Delete selected', confirm: { title: 'Are you sure you want to delete?' }, run: remove }]}
    />,
    { url: '/stores', settings: { resultsPerPage } },
  );
  return { fetch, remove, ...view };
}

describe('ListPage', () => {
  it('groups a large count by thousands', async () => {
    renderStores(12_345, 10);
    await waitFor(() => expect(screen.getByText('Showing 10 of 12,345 results')).toBeTruthy());
  });

  it('shows the Settings page size, pages through, and says how many there are', async () => {
    const { fetch } = renderStores(7, 3);
    await waitFor(() => expect(names()).toEqual(['Store 1', 'Store 2', 'Store 3']));
    expect(screen.getByText('Showing 3 of 7 results')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(names()).toEqual(['Store 7']));
    expect(fetch.mock.calls.map(([f]) => [f.currentPage, f.resultsPerPage])).toEqual([
      [1, 3],
      [3, 3],
    ]);
    expect(screen.getByRole('link', { name: 'Add New' }).getAttribute('href')).toBe('/stores/new');
  });

  it('sorts by a column in the server and searches after a pause, from page 1', async () => {
    const { fetch } = renderStores(12, 5);
    await waitFor(() => expect(names()).toHaveLength(5));
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    await waitFor(() => expect(names()[0]).toBe('Store 1'));
    expect(fetch.mock.lastCall?.[0].sortingList).toEqual([{ column: 'name', order: 'asc' }]);
    await userEvent.type(screen.getByLabelText('Search'), 'Store 1');
    await waitFor(() => expect(fetch.mock.lastCall?.[0].searchQuery).toBe('Store 1'));
    await waitFor(() => expect(screen.getByText('Showing 4 of 4 results')).toBeTruthy());
  });

  it('asks before a bulk action and runs it on the selected rows only', async () => {
    const { remove } = renderStores(4, 10);
    await waitFor(() => expect(names()).toHaveLength(4));
    const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('Store 2'))!;
    fireEvent.click(within(row).getByRole('checkbox', { name: 'Select row' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith([2]));
  });
});
