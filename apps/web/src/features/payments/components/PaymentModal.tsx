import { Button, FileInput, Grid, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { formatMoney, type PaymentKind, type PaymentType, todayIn } from '@wd/contracts';
import { useEffect, useState } from 'react';
import { DateField } from '../../../components/DateField';
import { MoneyInput, moneyValue } from '../../../components/MoneyInput';
import { showSuccess } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { useAddPayment } from '../api';
import { defaultPaymentType, paymentTypeOptions } from '../payment-types';

/** The invoice a payment is for, of either kind. */
export interface PaymentTarget {
  kind: PaymentKind;
  /** The invoice's id. */
  id: number;
  invoiceNo: string;
  total: number;
  balance: number;
  /** Customer invoices: sets the default type (cash for biller 1, cheque for biller 2). */
  billerID?: number;
}

/**
 * Add Payment, for customer and supplier invoices alike: amount defaults to
 * the balance, date today, type cash for biller 1 and supplier invoices, cheque
 * for biller 2 (defaultPaymentType); a cheque needs its number; amountDue shows live. Supplier payments have no
 * discount or award points (docs/business-rules.md, "Payments").
 */
export function PaymentModal({ target, onClose }: { target: PaymentTarget | null; onClose(): void }) {
  const supplier = target?.kind === 'supplier';
  const add = useAddPayment(target?.kind ?? 'customer');
  const [date, setDate] = useState('');
  const [type, setType] = useState<PaymentType | null>(null);
  const [amount, setAmount] = useState<number | string>('');
  const [discount, setDiscount] = useState<number | string>(0);
  const [points, setPoints] = useState<number | string>(0);
  const [chequeNo, setChequeNo] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!target) return;
    setDate(todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone));
    setType(defaultPaymentType(target));
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
    setError(null);
    try {
      await add.mutateAsync({
        payment: {
          invoiceID: target.id,
          date,
          paymentType: type,
          amountPaid: moneyValue(amount),
          chequeNo: chequeNo.trim(),
          discountRedeemed: moneyValue(discount),
          awardPointsRedeemed: moneyValue(points),
        },
        chequeImage: image,
      });
      showSuccess('Payment added');
      onClose();
    } catch (e) {
      setError(errorMessage(e));
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
            <DateField label="Date" value={date} onChange={setDate} />
          </Grid.Col>
          <Grid.Col span={6}>
            <Select
              label="Payment Type"
              data={paymentTypeOptions}
              value={type}
              onChange={(v) => setType(v as PaymentType | null)}
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
          <Button onClick={submit} loading={add.isPending} disabled={!type || chequeMissing || nothing || !date}>
            Add Payment
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
