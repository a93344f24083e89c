import type { Column } from '../../../components/DataTable';
import { MoneyText } from '../../../components/MoneyText';
import { formatMoney } from '../../../lib/format';

/** A sortable money column of an invoice list, with its footer total (named by `testId`). */
export function moneyColumn<T>(
  key: keyof T & string,
  title: string,
  total: number | undefined,
  testId: string,
): Column<T> {
  return {
    key,
    title,
    sortable: true,
    align: 'right',
    render: (row) => <MoneyText value={row[key] as number} />,
    footer: <span data-testid={testId}>{formatMoney(total ?? 0)}</span>,
  };
}
