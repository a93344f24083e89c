import { Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { supplierInvoiceInput } from '@wd/contracts';
import { DateField } from '../../../components/DateField';
import { MoneyInput, moneyValue } from '../../../components/MoneyInput';
import { RecordForm } from '../../../components/RecordForm';
import { type FormMode, useRecordPage } from '../../../components/record-page';
import { TypeSelect } from '../../../components/TypeSelect';
import { useContractForm } from '../../../lib/form';
import { businessToday } from '../../../lib/format';
import { linesCost, type StockLine, StockLines } from '../../stock/components/StockLines';
import { useSupplierOptions } from '../../suppliers/api';
import { useCreateSupplierInvoice, useSupplierInvoice, useUpdateSupplierInvoice } from '../api';

interface Values extends Record<string, unknown> {
  date: string;
  distributorID: string | null;
  invoiceNo: string;
  amountPurchase: number | string;
  note: string;
  lines: StockLine[];
}

/**
 * On submit, empty fields are dropped and invoiceNo travels as text. With lines, the amount
 * purchase is their total (the field shows it and cannot be typed).
 */
const toBody = (v: Values) => ({
  date: v.date,
  distributorID: Number(v.distributorID),
  invoiceNo: String(v.invoiceNo).trim(),
  amountPurchase: v.lines.length > 0 ? linesCost(v.lines) : moneyValue(v.amountPurchase),
  note: v.note.trim(),
  lines: v.lines.map((l) => ({
    productID: l.productID,
    quantity: l.quantity === '' ? 0 : Number(l.quantity),
    cost: moneyValue(l.cost ?? 0),
  })),
});

export function SupplierInvoiceForm({ mode }: { mode: FormMode }) {
  const suppliers = useSupplierOptions();
  const form = useContractForm<Values, ReturnType<typeof toBody>>({
    initialValues: {
      date: businessToday(),
      distributorID: null,
      invoiceNo: '',
      amountPurchase: '',
      note: '',
      lines: [],
    },
    schema: supplierInvoiceInput,
    toBody,
  });
  const { record: invoice, formProps } = useRecordPage({
    mode,
    path: 'distributors/invoices',
    noun: 'Supplier Invoice',
    form,
    useRecord: useSupplierInvoice,
    useCreate: useCreateSupplierInvoice,
    useUpdate: useUpdateSupplierInvoice,
    toValues: (i) => ({
      date: i.date,
      distributorID: String(i.distributorID),
      invoiceNo: i.invoiceNo,
      amountPurchase: i.amountPurchase,
      note: i.note,
      lines: i.lines.map((l) => ({
        productID: l.productID,
        name: l.product,
        barcode: l.barcode,
        quantity: l.quantity,
        cost: l.cost,
      })),
    }),
    toBody,
  });
  const { lines } = form.getValues();
  return (
    <RecordForm {...formProps}>
      {(readOnly) => (
        <Stack gap="sm">
          <DateField label="Date" readOnly={readOnly} {...form.getInputProps('date')} />
          <TypeSelect
            label="Supplier"
            placeholder="Select Supplier"
            data={(suppliers.data ?? []).map((d) => ({ value: String(d.id), label: d.company }))}
            readOnly={readOnly}
            {...form.getInputProps('distributorID')}
          />
          <TextInput label="Invoice No" inputMode="numeric" readOnly={readOnly} {...form.getInputProps('invoiceNo')} />
          <Title order={2} size="h4" mt="xs">
            Received
          </Title>
          <Text size="sm" c="dimmed">
            Products on this invoice go into the warehouse's stock when it is saved. Leave it empty for an invoice of
            services or fees.
          </Text>
          <StockLines form={form} quantityLabel="Quantity" withCost readOnly={readOnly} />
          {lines.length > 0 ? (
            <MoneyInput
              label="Amount Purchase"
              description="The lines' total"
              readOnly
              value={linesCost(lines)}
              error={form.errors.amountPurchase}
            />
          ) : (
            <MoneyInput label="Amount Purchase" readOnly={readOnly} {...form.getInputProps('amountPurchase')} />
          )}
          <Textarea label="Note" autosize minRows={2} readOnly={readOnly} {...form.getInputProps('note')} />
          {readOnly && invoice.data && (
            <TextInput
              label="Paid / Due"
              readOnly
              value={`$${invoice.data.amountPaid.toFixed(2)} paid · $${invoice.data.amountDue.toFixed(2)} due (${invoice.data.status})`}
            />
          )}
        </Stack>
      )}
    </RecordForm>
  );
}

export const SupplierInvoiceNewPage = () => <SupplierInvoiceForm mode="new" />;
export const SupplierInvoiceViewPage = () => <SupplierInvoiceForm mode="view" />;
export const SupplierInvoiceEditPage = () => <SupplierInvoiceForm mode="edit" />;
