import { TextInput } from '@mantine/core';
import { PRICE_GROUP_MESSAGES, priceGroupInput } from '@wd/contracts';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { RecordForm } from '../../../components/RecordForm';
import { showAlert } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/form';
import { useCreatePriceGroup, usePriceGroup, useRenamePriceGroup } from '../api';

export default function PriceGroupFormPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const editing = Boolean(id);
  const group = usePriceGroup(id);
  const create = useCreatePriceGroup();
  const rename = useRenamePriceGroup();
  const form = useContractForm({ initialValues: { name: '' }, schema: priceGroupInput });

  // The default group can not be edited: say so and go back to the list.
  useEffect(() => {
    if (editing && Number(id) <= 1) {
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
      onSubmit={() =>
        editing ? rename.mutateAsync({ id: Number(id), ...form.body() }) : create.mutateAsync(form.body())
      }
    >
      {() => <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />}
    </RecordForm>
  );
}
