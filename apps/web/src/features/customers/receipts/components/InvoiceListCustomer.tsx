import { CloseButton, Group, Text } from '@mantine/core';
import { useCustomer } from '../../api';
import { ReceivePaymentButton } from './ReceivePaymentModal';

/**
 * The invoice list's toolbar when it is filtered to one customer (`?customer=<id>`):
 * whose invoices they are, a way back to everyone's, and Receive Payment for them.
 */
export function InvoiceListCustomer({ customerId, onClear }: { customerId: string; onClear(): void }) {
  const customer = useCustomer(Number(customerId) || 0);
  const company = customer.data?.company ?? `Customer ${customerId}`;
  return (
    <Group gap="xs" align="end" data-testid="invoice-list-customer">
      <Group gap={4} h={36} align="center">
        <Text size="sm">
          Customer: <b>{company}</b>
        </Text>
        <CloseButton size="sm" aria-label="All customers" onClick={onClear} />
      </Group>
      {customer.data && <ReceivePaymentButton customer={{ id: Number(customerId), company }} />}
    </Group>
  );
}
