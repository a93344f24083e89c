import { Button, FileInput, Grid, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { formatMoney, todayIn } from '@wd/contracts';
import { useEffect, useState } from 'react';
import { MoneyInput, moneyValue } from '../../../components/MoneyInput';
import { showSuccess } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { addPayment, addSupplierPayment } from '../api';

export interface PaymentTarget {
  id: number;
  invoiceNo: string;
  total: number;
  balance: number;
  /** Customer invoices: sets the default type (cash for biller 1, cheque for biller 2). */
  billerID?: number;
  /** Supplier invoices: no discount or award points; posted to distributorPayment/insert. */
  supplier?: boolean;
}

const TYPES = [
  { value: 'cash', label: 'Cash' },
  { value: 'cheque', label: 'Cheque' },
  { value: 'credit', label: 'Credit' },
  { value: 'moneyOrder', label: 'Money order' },
];

/**
 * Add Payment: amount defaults to the balance, date today, type cash for biller
 * 1 and cheque for biller 2; a cheque needs its number; amountDue shows live.
 */
export function PaymentModal({ target, onClose }: { target: PaymentTarget | null; onClose(): void }) {
  const supplier = Boolean(target?.supplier);
  const queryClient = useQueryClient();
  const [date, setDate] = useState('');
  const [type, setType] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | string>('');
  const [discount, setDiscount] = useState<number | string>(0);
  const [points, setPoints] = useState<number | string>(0);
  const [chequeNo, setChequeNo] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!target) return;
    setDate(todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone));
    setType(target.billerID === 1 ? 'cash' : target.billerID === 2 ? 'cheque' : null);
    setAmount(target.balance);
    setDiscount(0);
    setPoints(0);
    setChequeNo('');
    setImage(null);
    setError(null);
  }, [target]);

  const amountDue = (target?.balance ?? 0) - moneyValue(amount) - moneyValue(discount);
  const chequeMissing = type === 'cheque' && !chequeNo.trim();
  const nothing = moneyValue(amount) === 0 && moneyValue(discount) === 0;

  const submit = async () => {
    if (!target || !type) return;
    setBusy(true);
    setError(null);
    try {
      const base = {
        invoiceID: target.id,
        date,
        paymentType: type,
        amountPaid: moneyValue(amount),
        chequeNo: chequeNo.trim(),
      };
      if (supplier) await addSupplierPayment(base, image);
      else
        await addPayment(
          { ...base, discountRedeemed: moneyValue(discount), awardPointsRedeemed: moneyValue(points) },
          image,
        );
      await queryClient.invalidateQueries({ queryKey: ['invoices'] });
      await queryClient.invalidateQueries({ queryKey: ['distributorInvoices'] });
      await queryClient.invalidateQueries({ queryKey: ['payments'] });
      showSuccess('Payment added');
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={Boolean(target)}
      onClose={onClose}
      title={`Add Payment · ${target?.invoiceNo ?? ''}`}
      centered
      size="lg"
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Text>
            Invoice total: <b>{formatMoney(target?.total)}</b>
          </Text>
          <Text>
            Due: <b data-testid="payment-due">{formatMoney(target?.balance)}</b>
          </Text>
        </Group>
        <Grid>
          <Grid.Col span={6}>
            <TextInput label="Date" type="date" value={date} onChange={(e) => setDate(e.currentTarget.value)} />
          </Grid.Col>
          <Grid.Col span={6}>
            <Select
              label="Payment Type"
              data={TYPES}
              value={type}
              onChange={setType}
              placeholder="Choose…"
              allowDeselect={false}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            <MoneyInput label="Amount" value={amount} onChange={setAmount} allowNegative={false} />
          </Grid.Col>
          <Grid.Col span={6}>
            <TextInput
              label="Cheque No"
              value={chequeNo}
              onChange={(e) => setChequeNo(e.currentTarget.value)}
              error={chequeMissing ? 'Please enter the Cheque No.' : undefined}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <FileInput
              label="Cheque image"
              accept="image/*"
              capture="environment"
              value={image}
              onChange={setImage}
              clearable
              placeholder="Choose an image or take a photo"
              error={chequeMissing ? 'Please enter the Cheque No.' : undefined}
            />
          </Grid.Col>
          {!supplier && (
            <>
              <Grid.Col span={6}>
                <MoneyInput label="Discount" value={discount} onChange={setDiscount} />
              </Grid.Col>
              <Grid.Col span={6}>
                <NumberInput label="Award points" value={points} onChange={setPoints} min={0} decimalScale={2} />
              </Grid.Col>
            </>
          )}
        </Grid>
        <Text>
          Amount due after this payment: <b data-testid="payment-amount-due">{formatMoney(amountDue)}</b>
        </Text>
        {error && (
          <Text c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={submit} loading={busy} disabled={!type || chequeMissing || nothing || !date}>
            Add Payment
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
