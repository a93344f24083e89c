import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { formatMoney, type Receipt } from '@wd/contracts';
import { Link } from 'react-router';
import { confirm } from '../../../../components/confirm';
import { DateText } from '../../../../components/MoneyText';
import { PageTitle } from '../../../../components/PageTitle';
import { showAlert, showSuccess } from '../../../../lib/alert';
import { errorMessage, fetchBlob } from '../../../../lib/api-client';
import { useIdParam } from '../../../../lib/route-params';
import { PAYMENT_TYPE_LABELS } from '../../../payments/payment-types';
import { useCustomer } from '../../api';
import { useCustomerReceipts, useDeleteReceipt } from '../api';
import { ReceivePaymentButton } from '../components/ReceivePaymentModal';

/** Opens a receipt's cheque photo in a new tab (fetched behind the token). */
async function viewCheque(referenceNo: string) {
  try {
    const blob = await fetchBlob(`/images/receipts/${referenceNo}.jpg`);
    window.open(URL.createObjectURL(blob), '_blank', 'noopener');
  } catch (e) {
    showAlert(errorMessage(e));
  }
}

function ReceiptCard({ r }: { r: Receipt }) {
  const remove = useDeleteReceipt();
  const onDelete = async () => {
    const invoices = r.shares.map((s) => `${s.invoiceNo} (${formatMoney(s.amountPaid)})`).join(', ');
    const ok = await confirm({
      title: `Delete receipt ${r.referenceNo}?`,
      message: r.shares.length
        ? `Its payments on ${invoices} are removed and each invoice is recomputed.`
        : 'It pays no invoice (all credit on account).',
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(r.id);
      showSuccess(`Receipt ${r.referenceNo} deleted`);
    } catch (e) {
      showAlert(errorMessage(e));
    }
  };
  return (
    <Paper withBorder p="sm" data-receipt={r.referenceNo}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>
          {r.referenceNo} · <DateText value={r.date} /> · {PAYMENT_TYPE_LABELS[r.paymentType]}
          {r.chequeNo ? ` ${r.chequeNo}` : ''} · {formatMoney(r.amount)}
        </Text>
        <Group gap="xs">
          {r.hasCheque && (
            <Button size="compact-sm" variant="default" onClick={() => viewCheque(r.referenceNo)}>
              Cheque image
            </Button>
          )}
          <Button size="compact-sm" color="red" variant="light" onClick={onDelete} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Group>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Invoice</Table.Th>
            <Table.Th>Invoice date</Table.Th>
            <Table.Th>Payment</Table.Th>
            <Table.Th ta="right">Paid</Table.Th>
            <Table.Th ta="right">Due after</Table.Th>
            <Table.Th>Status now</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {r.shares.map((s) => (
            <Table.Tr key={s.paymentID}>
              <Table.Td>
                <Anchor component={Link} to={`/invoices/${s.invoiceID}`}>
                  {s.invoiceNo}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <DateText value={s.invoiceDate} />
              </Table.Td>
              <Table.Td>{s.referenceNo}</Table.Td>
              <Table.Td ta="right">{formatMoney(s.amountPaid)}</Table.Td>
              <Table.Td ta="right">{formatMoney(s.amountDue)}</Table.Td>
              <Table.Td>{s.status}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {r.unallocated !== 0 && (
        <Text mt="xs" size="sm">
          Credit on account: <b>{formatMoney(r.unallocated)}</b>
        </Text>
      )}
    </Paper>
  );
}

/** A customer's receipts (docs/receivables.md "Receipts"): each with its shares, cheque photo and Delete. */
export default function CustomerReceiptsPage() {
  const id = useIdParam() ?? 0;
  const customer = useCustomer(id);
  const receipts = useCustomerReceipts(id);
  const company = customer.data?.company ?? '';
  return (
    <Stack>
      <PageTitle title={`Receipts${company ? ` · ${company}` : ''}`}>
        <Button variant="default" component={Link} to="/customers">
          Back
        </Button>
        {customer.data && <ReceivePaymentButton customer={{ id: id, company }} />}
      </PageTitle>
      {receipts.isLoading && <Loader />}
      {receipts.error && <Alert color="red">{errorMessage(receipts.error)}</Alert>}
      {receipts.data?.length === 0 && <Text c="dimmed">No receipts yet</Text>}
      {receipts.data?.map((r) => (
        <ReceiptCard key={r.id} r={r} />
      ))}
    </Stack>
  );
}
