import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { formatMoney, type RepriceLine } from '@wd/contracts';
import { useState } from 'react';
import { showSuccess } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { useRepriceInvoice } from '../api';

export interface RepriceOffer {
  invoiceID: number;
  customer: string;
  lines: RepriceLine[];
  change: number;
}

/**
 * After the customer of a draft changed: the lines the new customer's prices change, old and new
 * price and what each subtotal moves by; Re-price applies them (audited), Keep leaves the lines.
 */
export function RepriceModal({ offer, onClose }: { offer: RepriceOffer | null; onClose(): void }) {
  const reprice = useRepriceInvoice();
  const [error, setError] = useState<string | null>(null);
  const n = offer?.lines.length ?? 0;
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal opened={offer !== null} onClose={close} title={`Re-price at ${offer?.customer ?? ''}'s prices?`} size="lg">
      {offer && (
        <Stack gap="sm">
          <Text fz="sm">
            {n} {n === 1 ? 'line is' : 'lines are'} priced differently for {offer.customer}. The total moves by{' '}
            <b data-testid="reprice-change">{formatMoney(offer.change)}</b>.
          </Text>
          <Table fz="sm" data-testid="reprice-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Now</Table.Th>
                <Table.Th ta="right">{offer.customer}'s price</Table.Th>
                <Table.Th ta="right">Change</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {offer.lines.map((l) => (
                <Table.Tr key={l.lineID}>
                  <Table.Td>{l.productName}</Table.Td>
                  <Table.Td ta="right">{l.quantity}</Table.Td>
                  <Table.Td ta="right">{formatMoney(l.from)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(l.to)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(l.change)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {error && (
            <Text c="red" role="alert" fz="sm">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Keep current prices
            </Button>
            <Button
              loading={reprice.isPending}
              data-autofocus
              onClick={async () => {
                try {
                  const done = await reprice.mutateAsync({
                    id: offer.invoiceID,
                    lineIDs: offer.lines.map((l) => l.lineID),
                  });
                  showSuccess(
                    `${done.repriced} ${done.repriced === 1 ? 'line' : 'lines'} re-priced for ${offer.customer}`,
                  );
                  close();
                } catch (e) {
                  setError(errorMessage(e));
                }
              }}
            >
              Re-price {n} {n === 1 ? 'line' : 'lines'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
