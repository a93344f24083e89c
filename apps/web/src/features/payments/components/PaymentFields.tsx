import { FileInput, Grid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { PaymentType } from '@wd/contracts';
import { DateField } from '../../../components/DateField';
import { TypeSelect } from '../../../components/TypeSelect';
import { businessToday } from '../../../lib/format';
import { paymentTypeOptions } from '../payment-types';

/** What every payment form holds besides its amounts: when, how, the cheque's number and photo. */
export interface PaymentFieldValues extends Record<string, unknown> {
  date: string;
  paymentType: PaymentType | null;
  chequeNo: string;
  chequeImage: File | null;
}

/** The fresh values of a payment form: today, the given type, no cheque. */
export const newPaymentFields = (paymentType: PaymentType | null): PaymentFieldValues => ({
  date: businessToday(),
  paymentType,
  chequeNo: '',
  chequeImage: null,
});

/** A payment field the dialog may open on (its `data-autofocus`). */
export type PaymentField = 'paymentType' | 'chequeNo';

/**
 * The fields a payment and a receipt share: Date, Payment Type, Cheque No (the contract's "Please
 * enter the Cheque No." under it when a cheque has none) and the cheque's photo (a file or the
 * phone's camera; optional, Tab passes it). `span` sizes each in the form's grid; `autoFocus` is
 * the field the dialog opens on. The type is picked as the invoice's biller is: typed ("che")
 * and Enter, or the arrows and Enter.
 */
export function PaymentFields<V extends PaymentFieldValues>({
  form,
  span = 6,
  autoFocus,
}: {
  form: UseFormReturnType<V>;
  span?: number | Record<string, number>;
  autoFocus?: PaymentField;
}) {
  const f = form as unknown as UseFormReturnType<PaymentFieldValues>;
  const values = f.getValues();
  const chequeError =
    values.paymentType === 'cheque' && !values.chequeNo.trim() ? 'Please enter the Cheque No.' : undefined;
  return (
    <>
      <Grid.Col span={span}>
        <DateField label="Date" value={values.date} onChange={(v) => f.setFieldValue('date', v)} />
      </Grid.Col>
      <Grid.Col span={span}>
        <TypeSelect
          label="Payment Type"
          data={paymentTypeOptions}
          placeholder="Choose…"
          allowDeselect={false}
          data-autofocus={autoFocus === 'paymentType' || undefined}
          {...f.getInputProps('paymentType')}
        />
      </Grid.Col>
      <Grid.Col span={span}>
        <TextInput
          label="Cheque No"
          data-autofocus={autoFocus === 'chequeNo' || undefined}
          {...f.getInputProps('chequeNo')}
          error={f.errors.chequeNo ?? chequeError}
        />
      </Grid.Col>
      <Grid.Col span={typeof span === 'number' ? span : { base: 12, sm: 8 }}>
        <FileInput
          label="Cheque image"
          accept="image/*"
          capture="environment"
          clearable
          placeholder="Choose an image or take a photo"
          {...f.getInputProps('chequeImage')}
        />
      </Grid.Col>
    </>
  );
}
