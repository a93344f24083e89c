import { Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { distributorInvoiceInput, todayIn } from '@wd/contracts';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { MoneyInput, moneyValue } from '../../../components/MoneyInput';
import { RecordForm } from '../../../components/RecordForm';
import { errorMessage } from '../../../lib/api-client';
import { zodValidate } from '../../../lib/form';
import { useDistributorOptions } from '../../distributors/api';
import { useCreateDistributorInvoice, useDistributorInvoice, useUpdateDistributorInvoice } from '../api';

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

export function DistributorInvoiceForm({ mode }: { mode: 'new' | 'view' | 'edit' }) {
  const { id } = useParams();
  const create = useCreateDistributorInvoice();
  const update = useUpdateDistributorInvoice();
  const invoice = useDistributorInvoice(mode === 'new' ? undefined : id);
  const suppliers = useDistributorOptions();
  const form = useForm<Values>({
    initialValues: {
      date: todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone),
      distributorID: null,
      invoiceNo: '',
      amountPurchase: '',
      note: '',
    },
    validate: (values) => zodValidate(distributorInvoiceInput)(toBody(values as Values)),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill once the invoice arrives
  useEffect(() => {
    const i = invoice.data;
    if (i)
      form.setValues({
        date: i.date,
        distributorID: String(i.distributorID),
        invoiceNo: i.invoiceNo,
        amountPurchase: i.amountPurchase,
        note: i.note,
      });
  }, [invoice.data]);
  return (
    <RecordForm
      title={mode === 'new' ? 'New Supplier Invoice' : mode === 'edit' ? 'Edit Supplier Invoice' : 'Supplier Invoice'}
      form={form}
      backTo="/distributors/invoices"
      editTo={`/distributors/invoices/edit/${id}`}
      loading={mode !== 'new' && invoice.isPending}
      loadError={invoice.isError ? errorMessage(invoice.error) : null}
      onSubmit={
        mode === 'view'
          ? undefined
          : async (v) => {
              if (mode === 'new') await create.mutateAsync(toBody(v));
              else await update.mutateAsync({ ...toBody(v), id: Number(id) });
            }
      }
    >
      {(readOnly) => (
        <Stack gap="sm">
          <TextInput label="Date" type="date" readOnly={readOnly} {...form.getInputProps('date')} />
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

export const DistributorInvoiceNewPage = () => <DistributorInvoiceForm mode="new" />;
export const DistributorInvoiceViewPage = () => <DistributorInvoiceForm mode="view" />;
export const DistributorInvoiceEditPage = () => <DistributorInvoiceForm mode="edit" />;
