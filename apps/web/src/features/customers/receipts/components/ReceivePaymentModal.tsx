import { Button, Checkbox, Grid, Group, Loader, Table, Text } from '@mantine/core';
import { formatMoney, type OpenInvoiceRow, type ReceiptInput, receiptInput, toCents, toDollars } from '@wd/contracts';
import { type ComponentProps, useEffect, useState } from 'react';
import { FormDialog } from '../../../../components/DialogActions';
import { MoneyInput, moneyValue } from '../../../../components/MoneyInput';
import { DateText } from '../../../../components/MoneyText';
import { showSuccess } from '../../../../lib/alert';
import { useContractForm, useFormSubmit } from '../../../../lib/form';
import { useWriteKey } from '../../../../lib/mutations';
import { newPaymentFields, PaymentFields, type PaymentFieldValues } from '../../../payments/components/PaymentFields';
import { useCreateReceipt, useOpenInvoices } from '../api';
import { receiptMessage } from '../receipt-message';
import { fillOldestFirst, splitState } from '../split';

/** No open invoices yet (one array, so the fill below doesn't run on every render). */
const NONE: OpenInvoiceRow[] = [];

interface Values extends PaymentFieldValues {
  amount: number | string;
  creditOnAccount: boolean;
}

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
  /** Dollars per open invoice id. */
  const [shares, setShares] = useState<Record<number, number>>({});
  /** Set once a share is typed by hand: the amount no longer refills the rows. */
  const [byHand, setByHand] = useState(false);
  const form = useContractForm<Values, ReceiptInput>({
    initialValues: { ...newPaymentFields('cheque'), amount: '', creditOnAccount: false },
    schema: receiptInput,
    toBody: (v) => ({
      customerID: customer?.id ?? 0,
      date: v.date,
      paymentType: v.paymentType ?? (undefined as never),
      amount: moneyValue(v.amount),
      chequeNo: v.chequeNo.trim(),
      creditOnAccount: v.creditOnAccount,
      allocations: invoices
        .filter((i) => (shares[i.id] ?? 0) > 0)
        .map((i) => ({ invoiceID: i.id, amount: shares[i.id] })),
    }),
  });
  const values = form.getValues();
  const total = moneyValue(values.amount);
  // Oldest first as the amount is typed, until a share is set by hand.
  useEffect(() => {
    if (!byHand) setShares(fillOldestFirst(total, invoices));
  }, [total, invoices, byHand]);
  const { allocated, remainder, problem } = splitState(total, invoices, shares, values.creditOnAccount);

  const key = useWriteKey();
  const submit = useFormSubmit(form, async () => {
    try {
      const { receipt } = await key.send((idempotencyKey) =>
        create.mutateAsync({ receipt: form.body(), chequeImage: values.chequeImage, idempotencyKey }),
      );
      showSuccess(receiptMessage(receipt));
      onClose();
    } catch (e) {
      // The open balances may have moved (another payment came first): show them as they are now.
      await open.refetch();
      throw e;
    }
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: another customer starts a fresh form
  useEffect(() => {
    if (!customer) return;
    key.renew();
    form.setValues({ ...newPaymentFields('cheque'), amount: '', creditOnAccount: false });
    form.clearErrors();
    submit.clearError();
    setShares({});
    setByHand(false);
  }, [customer]);

  return (
    <FormDialog
      opened={Boolean(customer)}
      onClose={onClose}
      title={`Receive Payment · ${customer?.company ?? ''}`}
      size="xl"
      onSubmit={submit.onSubmit}
      error={submit.error}
      submitLabel="Save Receipt"
      submitting={create.isPending}
      disabled={!form.valid() || Boolean(problem) || open.isLoading}
    >
      <Grid>
        <PaymentFields form={form} span={{ base: 12, sm: 4 }} />
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <MoneyInput label="Amount" data-autofocus {...form.getInputProps('amount')} />
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
                  <Table.Td ta="right">{formatMoney(toDollars(toCents(i.balance) - toCents(share)))}</Table.Td>
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
        {...form.getInputProps('creditOnAccount', { type: 'checkbox' })}
      />
      {total > 0 && problem && (
        <Text c="orange" size="sm" data-testid="receipt-problem">
          {problem}
        </Text>
      )}
    </FormDialog>
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
