import { Badge, Stack } from '@mantine/core';
import type { Invoice } from '@wd/contracts';
import { StatusBadge, WHOLE_BADGE } from './StatusBadge';

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
        styles={WHOLE_BADGE}
        title={`Consignment status: ${consignment}`}
        aria-label={`Consignment status: ${consignment}`}
        data-testid="consignment-status"
      >
        Cons. {consignment}
      </Badge>
    </Stack>
  );
}
