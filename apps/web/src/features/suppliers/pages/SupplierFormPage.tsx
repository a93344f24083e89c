import { Stack, Textarea, TextInput } from '@mantine/core';
import { supplierInput } from '@wd/contracts';
import { RecordForm } from '../../../components/RecordForm';
import { type FormMode, useRecordPage } from '../../../components/record-page';
import { useContractForm } from '../../../lib/form';
import { useCreateSupplier, useSupplier, useUpdateSupplier } from '../api';

export function SupplierForm({ mode }: { mode: FormMode }) {
  const form = useContractForm({
    initialValues: { company: '', email: '', phone: '', address: '' },
    schema: supplierInput,
  });
  const { formProps } = useRecordPage({
    mode,
    path: 'distributors',
    noun: 'Supplier',
    form,
    useRecord: useSupplier,
    useCreate: useCreateSupplier,
    useUpdate: useUpdateSupplier,
    toValues: ({ id: _, ...fields }) => fields,
    toBody: (v) => ({
      company: v.company.trim(),
      email: v.email.trim(),
      phone: v.phone.trim(),
      address: v.address.trim(),
    }),
  });
  return (
    <RecordForm {...formProps}>
      {(readOnly) => (
        <Stack gap="sm">
          <TextInput label="Supplier" readOnly={readOnly} withAsterisk={!readOnly} {...form.getInputProps('company')} />
          <TextInput label="Email" type="email" readOnly={readOnly} {...form.getInputProps('email')} />
          <TextInput label="Phone" type="tel" readOnly={readOnly} {...form.getInputProps('phone')} />
          <Textarea label="Address" autosize minRows={2} readOnly={readOnly} {...form.getInputProps('address')} />
        </Stack>
      )}
    </RecordForm>
  );
}

export const SupplierNewPage = () => <SupplierForm mode="new" />;
export const SupplierViewPage = () => <SupplierForm mode="view" />;
export const SupplierEditPage = () => <SupplierForm mode="edit" />;
