import { Button, MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Column, DataTable } from './DataTable';
import { clickOpensRow } from './table-rows';

interface Row {
  id: number;
  name: string;
  amount: number;
}

const ROWS: Row[] = [
  { id: 1, name: 'Express Mart #124', amount: 10 },
  { id: 2, name: 'Corner Store', amount: 5 },
  { id: 3, name: 'Walk-in', amount: 1 },
];
const COLUMNS: Column<Row>[] = [
  { key: 'name', title: 'Name', maxWidth: 120 },
  { key: 'note', title: 'Note', render: () => '' },
  { key: 'amount', title: 'Amount', align: 'right', footer: <span>$16.00</span> },
];

/** Three rows; the third (a walk-in sale) has no page of its own. */
function renderTable() {
  const go = vi.fn();
  const run = vi.fn();
  render(
    <MantineProvider>
      <DataTable<Row>
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(r) => r.id}
        numberFrom={0}
        selection={{ selected: new Set(), onChange: () => {} }}
        actions={(r) => <Button onClick={() => run(r.id)}>Pay</Button>}
        withFooter
        footerLabel="Total (all 3 stores)"
        rowOpen={{ to: (r) => (r.id === 3 ? undefined : `/stores/${r.id}`), go }}
      />
    </MantineProvider>,
  );
  const row = (name: string) => screen.getByText(name).closest('tr') as HTMLTableRowElement;
  return { go, run, row };
}

describe('DataTable rows that open their page', () => {
  it('opens the row on a click on its cells, never on its controls', () => {
    const { go, run, row } = renderTable();
    fireEvent.click(screen.getByText('Corner Store'));
    expect(go).toHaveBeenCalledWith('/stores/2');
    go.mockClear();
    fireEvent.click(within(row('Express Mart #124')).getByRole('button', { name: 'Pay' }));
    fireEvent.click(within(row('Express Mart #124')).getByRole('checkbox', { name: 'Select row' }));
    expect(run).toHaveBeenCalledWith(1);
    expect(go).not.toHaveBeenCalled();
    // The walk-in row opens nothing.
    fireEvent.click(screen.getByText('Walk-in'));
    expect(go).not.toHaveBeenCalled();
  });

  it('keeps one row in the Tab order, moves with the arrows and opens on Enter', () => {
    const { go, row } = renderTable();
    const first = row('Express Mart #124');
    const second = row('Corner Store');
    expect(first.tabIndex).toBe(0);
    expect(second.tabIndex).toBe(-1);
    expect(row('Walk-in').hasAttribute('tabindex')).toBe(false);
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second);
    // Past the last row that opens a page, the focus stays.
    fireEvent.keyDown(second, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second);
    expect(second.tabIndex).toBe(0);
    expect(first.tabIndex).toBe(-1);
    fireEvent.keyDown(second, { key: 'Enter' });
    expect(go).toHaveBeenCalledWith('/stores/2');
    go.mockClear();
    // Enter in the row's button is the button's.
    fireEvent.keyDown(within(second).getByRole('button', { name: 'Pay' }), { key: 'Enter' });
    expect(go).not.toHaveBeenCalled();
    fireEvent.keyDown(second, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(first);
  });

  it('shows a long name whole and labels the footer across the cells before the first total', () => {
    renderTable();
    const name = screen.getByText('Express Mart #124');
    expect(name.getAttribute('title')).toBeNull();
    expect(name.closest('td')?.style.whiteSpace).toBe('');
    const label = screen.getByRole('rowheader', { name: 'Total (all 3 stores)' });
    // The checkbox, the number, Name and Note.
    expect(label.getAttribute('colspan')).toBe('4');
    const footer = label.closest('tr') as HTMLTableRowElement;
    expect(
      within(footer)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$16.00', '']);
  });
});

describe('clickOpensRow', () => {
  const row = document.createElement('tr');
  row.innerHTML = '<td><span>Corner Store</span></td><td><a href="/x">x</a><div role="menuitem">Pay</div></td>';
  const [name, link, item] = ['span', 'a', '[role="menuitem"]'].map((s) => row.querySelector(s));

  it('is a click on the row’s text, not on a link, a menu item, elsewhere, or the end of a selection', () => {
    expect(clickOpensRow(row, name)).toBe(true);
    expect(clickOpensRow(row, link)).toBe(false);
    expect(clickOpensRow(row, item)).toBe(false);
    expect(clickOpensRow(row, document.createElement('div'))).toBe(false);
    expect(clickOpensRow(row, name, 'Corner')).toBe(false);
  });
});

describe('DataTable rows with the same key', () => {
  it('shows exactly the rows it is given after they change (two customers of one name)', () => {
    const table = (rows: Row[]) => (
      <MantineProvider>
        <DataTable<Row> columns={COLUMNS.slice(0, 1)} rows={rows} rowKey={(r) => r.name} />
      </MantineProvider>
    );
    const twins = [ROWS[0], { ...ROWS[0], id: 9 }, ROWS[1]];
    const view = render(table(twins));
    expect(screen.getAllByText('Express Mart #124')).toHaveLength(2);
    view.rerender(table([ROWS[1]]));
    expect(screen.queryAllByText('Express Mart #124')).toHaveLength(0);
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });
});

describe("DataTable's plain body cells", () => {
  it("carry the classes and data attributes Mantine's Table.Tr and Table.Td give them in this table", () => {
    renderTable();
    const [, firstBody] = screen.getAllByRole('row');
    // Mantine's own row and cell in the same table: the header row (a Table.Tr) and the footer's cells.
    const header = screen.getAllByRole('row')[0];
    const footerCell = screen.getByText('$16.00').closest('td') as HTMLTableCellElement;
    const attributes = (el: Element) =>
      Object.fromEntries([...el.attributes].filter((a) => a.name.startsWith('data-')).map((a) => [a.name, a.value]));
    expect(attributes(firstBody)).toEqual(attributes(header));
    for (const c of header.className.split(' ')) expect(firstBody.classList).toContain(c);
    for (const cell of firstBody.querySelectorAll('td')) expect(cell.className).toBe(footerCell.className);
  });
});
