import { Stack, Textarea, TextInput } from '@mantine/core';
import { distributorInput } from '@wd/contracts';
import { RecordForm } from '../../../components/RecordForm';
import { type FormMode, useRecordPage } from '../../../components/record-page';
import { useContractForm } from '../../../lib/form';
import { useCreateDistributor, useDistributor, useUpdateDistributor } from '../api';

export function DistributorForm({ mode }: { mode: FormMode }) {
  const form = useContractForm({
    initialValues: { company: '', email: '', phone: '', address: '' },
    schema: distributorInput,
  });
  const { formProps } = useRecordPage({
    mode,
    path: 'distributors',
    noun: 'Supplier',
    form,
    useRecord: useDistributor,
    useCreate: useCreateDistributor,
    useUpdate: useUpdateDistributor,
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

export const DistributorNewPage = () => <DistributorForm mode="new" />;
export const DistributorViewPage = () => <DistributorForm mode="view" />;
export const DistributorEditPage = () => <DistributorForm mode="edit" />;
