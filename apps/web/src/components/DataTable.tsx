import { Alert, Box, Center, Checkbox, Loader, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { SortItem } from '@wd/contracts';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import classes from './DataTable.module.css';
import { clickOpensRow, siblingRow } from './table-rows';

export interface Column<T> {
  /** The field name; also the sort column sent to the server. */
  key: string;
  title: string;
  render?: (row: T, index: number) => ReactNode;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  /** The totals footer cell of this column. */
  footer?: ReactNode;
  width?: number | string;
  /** At most this wide (px): longer text wraps onto more lines, so a name always shows whole. */
  maxWidth?: number;
  /** The column whose cell links to the row's own page (ListScreen: the first column when none says so). */
  rowLink?: boolean;
}

/** What a cell shows: the column's render, else the row's field as text. */
export function cellText<T>(c: Column<T>, row: T, i: number): ReactNode {
  return c.render ? c.render(row, i) : String((row as Record<string, unknown>)[c.key] ?? '');
}

/**
 * The body's rows and cells are plain `<tr>` and `<td>` with the classes and data attributes
 * Mantine's `Table.Tr` and `Table.Td` give them in this table (striped, highlighted on hover, row
 * borders, no column borders): a page of rows is a few hundred cells, and each Mantine cell is two
 * components (the cell and its Box) that a phone renders in the first list's longest task.
 * DataTable.test.tsx checks the markup against Mantine's own.
 */
export const bodyRow = {
  className: `${Table.classes.tr} mantine-Table-tr`,
  'data-with-row-border': true,
  'data-striped': 'odd',
  'data-hover': true,
} as const;
export const bodyCell = `${Table.classes.td} mantine-Table-td`;

/** A cell's content; a `maxWidth` column wraps it at that width (a word too long for it breaks). */
function Cell<T>({ c, row, i }: { c: Column<T>; row: T; i: number }) {
  const content = cellText(c, row, i);
  if (!c.maxWidth) return content;
  // A plain span (the table's own font size and line height): one per row, where a Mantine Text
  // would be two components.
  return <span style={{ display: 'block', maxWidth: c.maxWidth, overflowWrap: 'break-word' }}>{content}</span>;
}

/** A row's own page, and how to go there. */
export interface RowOpen<T> {
  to: (row: T) => string | undefined;
  go: (to: string) => void;
}

interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  loading?: boolean;
  error?: string | null;
  sort?: SortItem | null;
  onSort?: (column: string) => void;
  /** Row numbers from this offset (page start); none when undefined. */
  numberFrom?: number;
  selection?: { selected: Set<string | number>; onChange(next: Set<string | number>): void };
  actions?: (row: T) => ReactNode;
  /** Shows a footer row with the columns' `footer` cells. */
  withFooter?: boolean;
  /** The footer's label, across the leading cells that have no total (default "Totals"). */
  footerLabel?: ReactNode;
  /**
   * Rows with a page of their own open it on a click outside their controls, or on Enter when the
   * row has the focus. One row at a time is in the Tab order; the arrow keys move between rows.
   */
  rowOpen?: RowOpen<T>;
  rowProps?: (row: T) => { className?: string; 'data-warning'?: boolean; style?: React.CSSProperties };
  emptyText?: string;
}

/** A plain table: sortable headers, optional row numbers, selection, actions and totals footer. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  loading,
  error,
  sort,
  onSort,
  numberFrom,
  selection,
  actions,
  withFooter,
  footerLabel = 'Totals',
  rowOpen,
  rowProps,
  emptyText = 'No records found',
}: DataTableProps<T>) {
  // The row in the Tab order: the last one focused, else the first that opens a page.
  const [current, setCurrent] = useState(0);
  if (error) {
    return (
      <Alert color="red" title="Could not load" role="alert">
        {error}
      </Alert>
    );
  }
  const span = columns.length + (numberFrom !== undefined ? 1 : 0) + (selection ? 1 : 0) + (actions ? 1 : 0);
  const keys = rows.map(rowKey);
  // React's keys must differ even where two rows' keys do not (two customers of the same name in a
  // report keyed by name): a repeated key would leave an old row on screen when the rows change.
  const seen = new Map<string | number, number>();
  const reactKeys = keys.map((k) => {
    const n = seen.get(k) ?? 0;
    seen.set(k, n + 1);
    return n === 0 ? k : `${k}\u0000${n}`;
  });
  const allSelected = selection ? keys.length > 0 && keys.every((k) => selection.selected.has(k)) : false;
  const someSelected = selection ? keys.some((k) => selection.selected.has(k)) : false;
  const pages = rowOpen ? rows.map(rowOpen.to) : [];
  const tabStop = pages[current] ? current : pages.findIndex(Boolean);
  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, to: string) => {
    // Keys pressed in the row's link, buttons or checkbox are theirs.
    if (e.target !== e.currentTarget) return;
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (e.key === 'Enter') {
      e.preventDefault();
      rowOpen?.go(to);
    } else if (step) {
      e.preventDefault();
      siblingRow(e.currentTarget, step)?.focus();
    }
  };
  // The footer's label spans the selection and number cells and the columns before the first total.
  const firstTotal = columns.findIndex((c) => c.footer != null);
  const leading = firstTotal === -1 ? columns.length : firstTotal;
  const labelSpan = leading + (numberFrom !== undefined ? 1 : 0) + (selection ? 1 : 0);

  return (
    <Box pos="relative" style={{ overflowX: 'auto' }}>
      <Table striped highlightOnHover withTableBorder verticalSpacing={6} horizontalSpacing={4} fz={12.5}>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={36}>
                <Checkbox
                  aria-label="Select all rows"
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={() => {
                    const next = new Set(selection.selected);
                    for (const k of keys) {
                      if (allSelected) next.delete(k);
                      else next.add(k);
                    }
                    selection.onChange(next);
                  }}
                />
              </Table.Th>
            )}
            {numberFrom !== undefined && <Table.Th w={30}>#</Table.Th>}
            {columns.map((c) => (
              <Table.Th
                key={c.key}
                style={{ textAlign: c.align ?? 'left', width: c.width, whiteSpace: 'nowrap' }}
                aria-sort={sort?.column === c.key ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                {c.sortable && onSort ? (
                  <UnstyledButton
                    onClick={() => onSort(c.key)}
                    fw={700}
                    fz={12.5}
                    aria-label={`Sort by ${c.title}`}
                    title={`Sort by ${c.title}`}
                  >
                    {c.title}
                    {/* Only the sorted column carries a mark: unsorted ones would widen every header. */}
                    {sort?.column === c.key && (
                      <Text span c="blue" fz="xs">
                        {sort.order === 'asc' ? ' ↑' : ' ↓'}
                      </Text>
                    )}
                  </UnstyledButton>
                ) : (
                  c.title
                )}
              </Table.Th>
            ))}
            {actions && (
              <Table.Th w={1}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={span}>
                <Center py="lg">
                  {loading ? <Loader size="sm" aria-label="Loading" /> : <Text c="dimmed">{emptyText}</Text>}
                </Center>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((row, i) => {
            const key = keys[i];
            const to = pages[i];
            const props = rowProps?.(row);
            const opens = to
              ? {
                  tabIndex: i === tabStop ? 0 : -1,
                  onClick: (e: React.MouseEvent<HTMLTableRowElement>) => {
                    if (clickOpensRow(e.currentTarget, e.target, String(window.getSelection() ?? ''))) rowOpen?.go(to);
                  },
                  onKeyDown: (e: KeyboardEvent<HTMLTableRowElement>) => onRowKey(e, to),
                  onFocus: (e: React.FocusEvent<HTMLTableRowElement>) => {
                    if (e.target === e.currentTarget) setCurrent(i);
                  },
                }
              : {};
            return (
              <tr
                key={reactKeys[i]}
                {...bodyRow}
                {...props}
                {...opens}
                className={[bodyRow.className, to ? classes.opens : '', props?.className].filter(Boolean).join(' ')}
              >
                {selection && (
                  <td className={bodyCell}>
                    <Checkbox
                      aria-label="Select row"
                      checked={selection.selected.has(key)}
                      onChange={(e) => {
                        const next = new Set(selection.selected);
                        if (e.currentTarget.checked) next.add(key);
                        else next.delete(key);
                        selection.onChange(next);
                      }}
                    />
                  </td>
                )}
                {numberFrom !== undefined && (
                  <td className={bodyCell} style={{ color: 'var(--mantine-color-dimmed)' }}>
                    {numberFrom + i + 1}
                  </td>
                )}
                {columns.map((c) => (
                  <td
                    key={c.key}
                    className={bodyCell}
                    style={{ textAlign: c.align ?? 'left', whiteSpace: c.align === 'right' ? 'nowrap' : undefined }}
                  >
                    <Cell c={c} row={row} i={i} />
                  </td>
                ))}
                {actions && (
                  <td className={bodyCell} style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                    {actions(row)}
                  </td>
                )}
              </tr>
            );
          })}
        </Table.Tbody>
        {withFooter && rows.length > 0 && (
          <Table.Tfoot>
            <Table.Tr fw={700} fz="xs">
              {labelSpan > 0 && (
                <Table.Th scope="row" colSpan={labelSpan} fz="xs" data-testid="footer-label">
                  {footerLabel}
                </Table.Th>
              )}
              {columns.slice(leading).map((c) => (
                <Table.Td key={c.key} style={{ textAlign: c.align ?? 'left' }}>
                  {c.footer}
                </Table.Td>
              ))}
              {actions && <Table.Td />}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
      {loading && rows.length > 0 && <Loader size="xs" pos="absolute" top={8} right={8} aria-label="Loading" />}
    </Box>
  );
}
