import {
  Button,
  Checkbox,
  FileInput,
  Grid,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { formatMoney, type OpenInvoiceRow, type PaymentType, todayIn } from '@wd/contracts';
import { type ComponentProps, useEffect, useState } from 'react';
import { DateField } from '../../../../components/DateField';
import { MoneyInput, moneyValue } from '../../../../components/MoneyInput';
import { DateText } from '../../../../components/MoneyText';
import { showSuccess } from '../../../../lib/alert';
import { errorMessage } from '../../../../lib/api-client';
import { paymentTypeOptions } from '../../../payments/payment-types';
import { useCreateReceipt, useOpenInvoices } from '../api';
import { fillOldestFirst, splitState } from '../split';

/** No open invoices yet (one array, so the fill below doesn't run on every render). */
const NONE: OpenInvoiceRow[] = [];

/** Who pays: the customer's id and name. */
export interface ReceiptCustomer {
  id: number;
  company: string;
}

/**
 * Receive Payment (docs/receivables.md "Receipts"): one amount from a
 * customer, split over their open invoices oldest first as it is typed; each
 * share can be changed by hand. The remainder shows live, and saving needs it
 * to be $0.00 unless it is kept as credit on account.
 */
export function ReceivePaymentModal({ customer, onClose }: { customer: ReceiptCustomer | null; onClose(): void }) {
  const open = useOpenInvoices(customer?.id ?? null);
  const create = useCreateReceipt();
  const invoices = open.data ?? NONE;
  const [date, setDate] = useState('');
  const [type, setType] = useState<PaymentType | null>('cheque');
  const [amount, setAmount] = useState<number | string>('');
  const [chequeNo, setChequeNo] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [shares, setShares] = useState<Record<number, number>>({});
  /** Set once a share is typed by hand: the amount no longer refills the rows. */
  const [byHand, setByHand] = useState(false);
  const [credit, setCredit] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!customer) return;
    setDate(todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone));
    setType('cheque');
    setAmount('');
    setChequeNo('');
    setImage(null);
    setShares({});
    setByHand(false);
    setCredit(false);
    setError(null);
  }, [customer]);

  const total = moneyValue(amount);
  // Oldest first as the amount is typed, until a share is set by hand.
  useEffect(() => {
    if (!byHand) setShares(fillOldestFirst(total, invoices));
  }, [total, invoices, byHand]);

  const { allocated, remainder, problem } = splitState(total, invoices, shares, credit);
  const chequeMissing = type === 'cheque' && !chequeNo.trim();

  const submit = async () => {
    if (!customer || !type) return;
    setError(null);
    try {
      const { receipt } = await create.mutateAsync({
        receipt: {
          customerID: customer.id,
          date,
          paymentType: type,
          amount: total,
          chequeNo: chequeNo.trim(),
          creditOnAccount: credit,
          allocations: invoices
            .filter((i) => (shares[i.id] ?? 0) > 0)
            .map((i) => ({ invoiceID: i.id, amount: shares[i.id] })),
        },
        chequeImage: image,
      });
      const paid = receipt.shares.length;
      showSuccess(`Receipt ${receipt.referenceNo} saved: ${paid} invoice${paid === 1 ? '' : 's'} paid`);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
      // The open balances may have moved (another payment came first): show them as they are now.
      await open.refetch();
    }
  };

  return (
    <Modal
      opened={Boolean(customer)}
      onClose={onClose}
      title={`Receive Payment · ${customer?.company ?? ''}`}
      centered
      size="xl"
    >
      <Stack gap="sm">
        <Grid>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <DateField label="Date" value={date} onChange={setDate} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label="Payment Type"
              data={paymentTypeOptions}
              value={type}
              onChange={(v) => setType(v as PaymentType | null)}
              allowDeselect={false}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <MoneyInput label="Amount" value={amount} onChange={setAmount} data-autofocus />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label="Cheque No"
              value={chequeNo}
              onChange={(e) => setChequeNo(e.currentTarget.value)}
              error={chequeMissing ? 'Please enter the Cheque No.' : undefined}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <FileInput
              label="Cheque image"
              accept="image/*"
              capture="environment"
              value={image}
              onChange={setImage}
              clearable
              placeholder="Choose an image or take a photo"
            />
          </Grid.Col>
        </Grid>

        <Group justify="space-between" align="end">
          <Text fw={600}>Open invoices, oldest first</Text>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setByHand(false);
              setShares(fillOldestFirst(total, invoices));
            }}
          >
            Fill oldest first
          </Button>
        </Group>
        {open.isLoading ? (
          <Loader size="sm" />
        ) : invoices.length === 0 ? (
          <Text c="dimmed">This customer has no open invoices: the whole amount would be credit on account.</Text>
        ) : (
          <Table striped withTableBorder data-testid="receipt-invoices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invoice</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th ta="right">Open balance</Table.Th>
                <Table.Th ta="right">Allocated</Table.Th>
                <Table.Th ta="right">Left after</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.map((i) => {
                const share = shares[i.id] ?? 0;
                return (
                  <Table.Tr key={i.id} data-invoice={i.invoiceNo}>
                    <Table.Td>{i.invoiceNo}</Table.Td>
                    <Table.Td>
                      <DateText value={i.date} />
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(i.total)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(i.balance)}</Table.Td>
                    <Table.Td w={150}>
                      <MoneyInput
                        aria-label={`Allocated to ${i.invoiceNo}`}
                        size="xs"
                        value={share}
                        error={share > i.balance ? 'More than open' : undefined}
                        onChange={(v) => {
                          setByHand(true);
                          setShares((s) => ({ ...s, [i.id]: moneyValue(v) }));
                        }}
                      />
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(Math.round((i.balance - share) * 100) / 100)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}

        <Group justify="space-between">
          <Text>
            Allocated: <b data-testid="receipt-allocated">{formatMoney(allocated)}</b>
          </Text>
          <Text c={remainder === 0 ? undefined : remainder < 0 ? 'red' : 'orange'}>
            Remainder: <b data-testid="receipt-remainder">{formatMoney(remainder)}</b>
          </Text>
        </Group>
        <Checkbox
          label="Keep the remainder as credit on account"
          checked={credit}
          onChange={(e) => setCredit(e.currentTarget.checked)}
        />
        {total > 0 && problem && (
          <Text c="orange" size="sm" data-testid="receipt-problem">
            {problem}
          </Text>
        )}
        {error && (
          <Text c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            onClick={submit}
            loading={create.isPending}
            disabled={!type || !date || chequeMissing || Boolean(problem) || open.isLoading}
          >
            Save Receipt
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A Receive Payment button that opens the form for one customer (the customer view places it). */
export function ReceivePaymentButton({
  customer,
  ...props
}: { customer: ReceiptCustomer } & Omit<ComponentProps<typeof Button>, 'onClick'>) {
  const [opened, setOpened] = useState<ReceiptCustomer | null>(null);
  return (
    <>
      <Button variant="default" {...props} onClick={() => setOpened(customer)}>
        Receive Payment
      </Button>
      <ReceivePaymentModal customer={opened} onClose={() => setOpened(null)} />
    </>
  );
}
