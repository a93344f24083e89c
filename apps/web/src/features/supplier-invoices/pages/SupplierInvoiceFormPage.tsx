import { Select, Stack, Textarea, TextInput } from '@mantine/core';
import { supplierInvoiceInput } from '@wd/contracts';
import { DateField } from '../../../components/DateField';
import { MoneyInput, moneyValue } from '../../../components/MoneyInput';
import { RecordForm } from '../../../components/RecordForm';
import { type FormMode, useRecordPage } from '../../../components/record-page';
import { useContractForm } from '../../../lib/form';
import { localToday } from '../../../lib/format';
import { useSupplierOptions } from '../../suppliers/api';
import { useCreateSupplierInvoice, useSupplierInvoice, useUpdateSupplierInvoice } from '../api';

interface Values extends Record<string, unknown> {
  date: string;
  distributorID: string | null;
  invoiceNo: string;
  amountPurchase: number | string;
  note: string;
}

/** On submit, empty fields are dropped and invoiceNo travels as text. */
const toBody = (v: Values) => ({
  date: v.date,
  distributorID: Number(v.distributorID),
  invoiceNo: String(v.invoiceNo).trim(),
  amountPurchase: moneyValue(v.amountPurchase),
  note: v.note.trim(),
});

export function SupplierInvoiceForm({ mode }: { mode: FormMode }) {
  const suppliers = useSupplierOptions();
  const form = useContractForm<Values, ReturnType<typeof toBody>>({
    initialValues: {
      date: localToday(),
      distributorID: null,
      invoiceNo: '',
      amountPurchase: '',
      note: '',
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
    }),
    toBody,
  });
  return (
    <RecordForm {...formProps}>
      {(readOnly) => (
        <Stack gap="sm">
          <DateField label="Date" readOnly={readOnly} {...form.getInputProps('date')} />
          <Select
            label="Supplier"
            placeholder="Select Supplier"
            data={(suppliers.data ?? []).map((d) => ({ value: String(d.id), label: d.company }))}
            readOnly={readOnly}
            searchable
            {...form.getInputProps('distributorID')}
          />
          <TextInput label="Invoice No" inputMode="numeric" readOnly={readOnly} {...form.getInputProps('invoiceNo')} />
          <MoneyInput label="Amount Purchase" readOnly={readOnly} {...form.getInputProps('amountPurchase')} />
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
