import { type ColumnSpec, screenTitle } from '@wd/contracts';
import { formatCount, formatMoney } from '../lib/format';
import type { Column } from './DataTable';
import { DateText, MoneyText } from './MoneyText';

/** A footer cell: the total over every matching row, and the test id it is found by. */
export interface Footer {
  value: number | undefined;
  testId?: string;
}

export interface SpecColumnOptions<T> {
  /** Whether the columns sort (default yes: a list sorts by every column it declares). */
  sortable?: boolean;
  /** Footer totals by column key. */
  footers?: Partial<Record<string, Footer>>;
  /** What a column does beyond its kind: a render of its own, a width, no sorting. */
  with?: Partial<Record<string, Partial<Column<T>>>>;
}

/**
 * A table's columns from their declaration in contracts (key, heading, kind): money right-aligned
 * as $1,234.50 (negatives red), counts with separators, dates as MM-DD-YYYY, text as it is; the
 * screen's short heading where one is declared. The CSV and the printout write the same columns.
 */
export function specColumns<T>(specs: readonly ColumnSpec[], options: SpecColumnOptions<T> = {}): Column<T>[] {
  const { sortable = true, footers = {} } = options;
  return specs.map((spec) => {
    const value = (row: T) => (row as Record<string, unknown>)[spec.key];
    const footer = footers[spec.key];
    const numeric = spec.kind === 'money' || spec.kind === 'count';
    const column: Column<T> = {
      key: spec.key,
      title: screenTitle(spec),
      sortable,
      ...(numeric ? { align: 'right' as const } : {}),
      ...(spec.kind === 'money' ? { render: (row: T) => <MoneyText value={value(row) as number} /> } : {}),
      ...(spec.kind === 'count' ? { render: (row: T) => formatCount(value(row) as number) } : {}),
      ...(spec.kind === 'date' ? { render: (row: T) => <DateText value={value(row) as string} /> } : {}),
      ...(footer
        ? {
            footer: (
              <span data-testid={footer.testId}>
                {spec.kind === 'count' ? formatCount(footer.value) : formatMoney(footer.value ?? 0)}
              </span>
            ),
          }
        : {}),
    };
    return { ...column, ...options.with?.[spec.key] };
  });
}
