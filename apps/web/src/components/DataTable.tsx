import { Alert, Box, Center, Checkbox, Loader, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { SortItem } from '@wd/contracts';
import type { ReactNode } from 'react';

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
  /** One line at most this wide (px): longer text ends in … and shows whole in its title (names). */
  maxWidth?: number;
}

function cellText<T>(c: Column<T>, row: T, i: number): ReactNode {
  return c.render ? c.render(row, i) : String((row as Record<string, unknown>)[c.key] ?? '');
}

/** A cell's content; a `maxWidth` column keeps it on one line, cut with … and whole in the title. */
function Cell<T>({ c, row, i }: { c: Column<T>; row: T; i: number }) {
  const content = cellText(c, row, i);
  if (!c.maxWidth) return content;
  return (
    <Text
      span
      fz={12.5}
      truncate="end"
      display="block"
      maw={c.maxWidth}
      title={typeof content === 'string' ? content : undefined}
    >
      {content}
    </Text>
  );
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
  rowProps,
  emptyText = 'No records found',
}: DataTableProps<T>) {
  if (error) {
    return (
      <Alert color="red" title="Could not load" role="alert">
        {error}
      </Alert>
    );
  }
  const span = columns.length + (numberFrom !== undefined ? 1 : 0) + (selection ? 1 : 0) + (actions ? 1 : 0);
  const keys = rows.map(rowKey);
  const allSelected = selection ? keys.length > 0 && keys.every((k) => selection.selected.has(k)) : false;
  const someSelected = selection ? keys.some((k) => selection.selected.has(k)) : false;

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
            return (
              <Table.Tr key={key} {...rowProps?.(row)}>
                {selection && (
                  <Table.Td>
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
                  </Table.Td>
                )}
                {numberFrom !== undefined && <Table.Td c="dimmed">{numberFrom + i + 1}</Table.Td>}
                {columns.map((c) => (
                  <Table.Td
                    key={c.key}
                    style={{
                      textAlign: c.align ?? 'left',
                      whiteSpace: c.align === 'right' || c.maxWidth ? 'nowrap' : undefined,
                    }}
                  >
                    <Cell c={c} row={row} i={i} />
                  </Table.Td>
                ))}
                {actions && <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{actions(row)}</Table.Td>}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        {withFooter && rows.length > 0 && (
          <Table.Tfoot>
            <Table.Tr fw={700} fz="xs">
              {selection && <Table.Td />}
              {numberFrom !== undefined && <Table.Td />}
              {columns.map((c, i) => (
                <Table.Td key={c.key} style={{ textAlign: c.align ?? 'left' }}>
                  {c.footer ?? (i === 0 ? 'Totals' : null)}
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
