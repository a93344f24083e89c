import { Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { distributorInput } from '@wd/contracts';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { RecordForm } from '../../../components/RecordForm';
import { errorMessage } from '../../../lib/api-client';
import { zodValidate } from '../../../lib/form';
import { useCreateDistributor, useDistributor, useUpdateDistributor } from '../api';

export function DistributorForm({ mode }: { mode: 'new' | 'view' | 'edit' }) {
  const { id } = useParams();
  const distributor = useDistributor(mode === 'new' ? undefined : id);
  const create = useCreateDistributor();
  const update = useUpdateDistributor();
  const form = useForm({
    initialValues: { company: '', email: '', phone: '', address: '' },
    validate: zodValidate(distributorInput),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill once the supplier arrives
  useEffect(() => {
    if (distributor.data) {
      const { id: _, ...fields } = distributor.data;
      form.setValues(fields);
    }
  }, [distributor.data]);
  return (
    <RecordForm
      title={mode === 'new' ? 'New Supplier' : mode === 'edit' ? 'Edit Supplier' : 'Supplier'}
      form={form}
      backTo="/distributors"
      editTo={`/distributors/edit/${id}`}
      loading={mode !== 'new' && distributor.isPending}
      loadError={distributor.isError ? errorMessage(distributor.error) : null}
      onSubmit={
        mode === 'view'
          ? undefined
          : (v) => {
              const body = {
                company: v.company.trim(),
                email: v.email.trim(),
                phone: v.phone.trim(),
                address: v.address.trim(),
              };
              return mode === 'new' ? create.mutateAsync(body) : update.mutateAsync({ ...body, id: Number(id) });
            }
      }
    >
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
