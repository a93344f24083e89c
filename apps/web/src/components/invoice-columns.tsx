import { Badge, Stack } from '@mantine/core';
import type { Invoice } from '@wd/contracts';
import { formatMoney } from '../lib/format';
import type { Column } from './DataTable';
import { MoneyText } from './MoneyText';
import { StatusBadge } from './StatusBadge';

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

/** The status badge; a consignment invoice also shows its consignment status (DUE or PAID) under it. */
export function InvoiceStatus({ invoice }: { invoice: Pick<Invoice, 'status' | 'consignmentStatus'> }) {
  const consignment = invoice.consignmentStatus;
  if (!consignment) return <StatusBadge status={invoice.status} />;
  return (
    <Stack gap={2} align="flex-start">
      <StatusBadge status={invoice.status} />
      <Badge
        size="xs"
        variant="outline"
        color={consignment === 'PAID' ? 'blue' : 'red'}
        title={`Consignment status: ${consignment}`}
        aria-label={`Consignment status: ${consignment}`}
        data-testid="consignment-status"
      >
        Cons. {consignment}
      </Badge>
    </Stack>
  );
}
