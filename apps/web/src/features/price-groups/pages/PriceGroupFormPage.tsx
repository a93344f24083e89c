import { TextInput } from '@mantine/core';
import { DEFAULT_PRICE_GROUP_ID, PRICE_GROUP_MESSAGES, priceGroupInput } from '@wd/contracts';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { RecordForm } from '../../../components/RecordForm';
import { showAlert } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/form';
import { useIdParam } from '../../../lib/route-params';
import { useCreatePriceGroup, usePriceGroup, useRenamePriceGroup } from '../api';

export default function PriceGroupFormPage() {
  const id = useIdParam();
  const navigate = useNavigate();
  const editing = id !== undefined;
  const group = usePriceGroup(id);
  const create = useCreatePriceGroup();
  const rename = useRenamePriceGroup();
  const form = useContractForm({ initialValues: { name: '' }, schema: priceGroupInput });

  // The default group can not be edited: say so and go back to the list.
  useEffect(() => {
    if (editing && (id ?? 0) <= DEFAULT_PRICE_GROUP_ID) {
      showAlert(PRICE_GROUP_MESSAGES.cantEdit);
      navigate('/priceGroups', { replace: true });
    }
  }, [editing, id, navigate]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill once the group arrives
  useEffect(() => {
    if (group.data) form.setValues({ name: group.data.name });
  }, [group.data]);

  return (
    <RecordForm
      title={editing ? 'Edit Customer Price Group' : 'New Customer Price Group'}
      form={form}
      backTo="/priceGroups"
      loading={editing && group.isPending}
      loadError={group.isError ? errorMessage(group.error) : null}
      onSubmit={() => (editing ? rename.mutateAsync({ id: id ?? 0, ...form.body() }) : create.mutateAsync(form.body()))}
    >
      {() => <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />}
    </RecordForm>
  );
}
