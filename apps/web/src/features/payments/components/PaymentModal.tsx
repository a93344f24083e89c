import { Grid, Group, NumberInput, Text } from '@mantine/core';
import {
  formatMoney,
  type PaymentInput,
  type PaymentKind,
  paymentAmountDue,
  paymentInput,
  supplierPaymentInput,
  toCents,
  toDollars,
} from '@wd/contracts';
import { useEffect } from 'react';
import { FormDialog } from '../../../components/DialogActions';
import { MoneyInput, moneyCents, moneyValue } from '../../../components/MoneyInput';
import { showSuccess } from '../../../lib/alert';
import { useContractForm, useFormSubmit } from '../../../lib/form';
import { useWriteKey } from '../../../lib/mutations';
import { useAddPayment } from '../api';
import { defaultPaymentType } from '../payment-types';
import { newPaymentFields, type PaymentField, PaymentFields, type PaymentFieldValues } from './PaymentFields';

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

interface Values extends PaymentFieldValues {
  amountPaid: number | string;
  discountRedeemed: number | string;
  awardPointsRedeemed: number | string;
}

/**
 * Add Payment, for customer and supplier invoices alike: amount defaults to the balance, date
 * today, type cash for biller 1 and supplier invoices, cheque for biller 2 (defaultPaymentType).
 * The contract's schema of the payment decides what may be sent (a cheque needs its number, a
 * payment must pay something); what is due after it is the server's own rule, in cents.
 * Supplier payments have no discount or award points (docs/business-rules.md, "Payments").
 * By keyboard: it opens on the first field left to fill, Tab stays inside it, Enter in a field adds
 * the payment, Escape closes it, and the focus goes back where it was (the scan box, the button).
 */
export function PaymentModal({ target, onClose }: { target: PaymentTarget | null; onClose(): void }) {
  const supplier = target?.kind === 'supplier';
  const add = useAddPayment(target?.kind ?? 'customer');
  const form = useContractForm<Values, PaymentInput>({
    initialValues: { ...newPaymentFields(null), amountPaid: '', discountRedeemed: 0, awardPointsRedeemed: 0 },
    schema: supplier ? supplierPaymentInput : paymentInput,
    toBody: (v) => ({
      invoiceID: target?.id ?? 0,
      date: v.date,
      paymentType: v.paymentType ?? (undefined as never),
      amountPaid: moneyValue(v.amountPaid),
      chequeNo: v.chequeNo.trim(),
      ...(supplier
        ? {}
        : { discountRedeemed: moneyValue(v.discountRedeemed), awardPointsRedeemed: moneyValue(v.awardPointsRedeemed) }),
    }),
  });

  const values = form.getValues();
  // The dialog opens on what is left to fill: the type when none is the default, a cheque's
  // number, else the amount (Enter there adds the payment).
  const startType = target ? defaultPaymentType(target) : null;
  const autoFocus: PaymentField | undefined = !startType
    ? 'paymentType'
    : startType === 'cheque'
      ? 'chequeNo'
      : undefined;
  const amountDue = toDollars(
    paymentAmountDue(toCents(target?.balance ?? 0), moneyCents(values.amountPaid), moneyCents(values.discountRedeemed)),
  );

  const key = useWriteKey();
  const submit = useFormSubmit(form, async () => {
    await key.send(async (idempotencyKey) => {
      await add.mutateAsync({ payment: form.body(), chequeImage: values.chequeImage, idempotencyKey });
    });
    showSuccess('Payment added');
    onClose();
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new target starts a fresh form
  useEffect(() => {
    if (!target) return;
    key.renew();
    form.setValues({
      ...newPaymentFields(defaultPaymentType(target)),
      amountPaid: target.balance,
      discountRedeemed: 0,
      awardPointsRedeemed: 0,
    });
    form.clearErrors();
    submit.clearError();
  }, [target]);

  return (
    <FormDialog
      opened={Boolean(target)}
      onClose={onClose}
      title={`Add Payment · ${target?.invoiceNo ?? ''}`}
      size="lg"
      onSubmit={submit.onSubmit}
      error={submit.error}
      submitLabel="Add Payment"
      submitting={add.isPending}
      disabled={!form.valid()}
    >
      <Group justify="space-between">
        <Text>
          Invoice total: <b>{formatMoney(target?.total)}</b>
        </Text>
        <Text>
          Due: <b data-testid="payment-due">{formatMoney(target?.balance)}</b>
        </Text>
      </Group>
      <Grid>
        <PaymentFields form={form} autoFocus={autoFocus} />
        <Grid.Col span={6}>
          <MoneyInput
            label="Amount"
            allowNegative={false}
            data-autofocus={autoFocus ? undefined : true}
            {...form.getInputProps('amountPaid')}
          />
        </Grid.Col>
        {!supplier && (
          <>
            <Grid.Col span={6}>
              <MoneyInput label="Discount" {...form.getInputProps('discountRedeemed')} />
            </Grid.Col>
            <Grid.Col span={6}>
              <NumberInput
                label="Award points"
                min={0}
                decimalScale={2}
                {...form.getInputProps('awardPointsRedeemed')}
              />
            </Grid.Col>
          </>
        )}
      </Grid>
      <Text>
        Amount due after this payment: <b data-testid="payment-amount-due">{formatMoney(amountDue)}</b>
      </Text>
    </FormDialog>
  );
}
