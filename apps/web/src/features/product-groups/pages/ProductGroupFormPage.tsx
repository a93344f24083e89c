import { Alert, Stack, TextInput } from '@mantine/core';
import { PRODUCT_GROUP_MESSAGES, type ProductGroup, type ProductGroupInput, productGroupInput } from '@wd/contracts';
import { useEffect } from 'react';
import { MoneyInput, moneyValue } from '../../../components/MoneyInput';
import { PriceHelper } from '../../../components/PriceHelper';
import { RecordForm } from '../../../components/RecordForm';
import { errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/form';
import { useIdParam } from '../../../lib/route-params';
import { useCreateProductGroup, useProductGroup, useUpdateProductGroup } from '../api';

interface Values extends Record<string, unknown> {
  name: string;
  costPrice: number | string;
  sellingPrice: number | string;
  suggestedRetailPrice: number | string;
}

function GroupForm({
  group,
  title,
  onSave,
  loading,
  loadError,
}: {
  group?: ProductGroup;
  title: string;
  onSave: (v: ProductGroupInput) => Promise<unknown>;
  loading?: boolean;
  loadError?: string | null;
}) {
  const form = useContractForm<Values, ProductGroupInput>({
    initialValues: { name: '', costPrice: 0, sellingPrice: 0, suggestedRetailPrice: 0 },
    schema: productGroupInput,
    toBody: (values) => ({
      name: values.name.trim(),
      costPrice: moneyValue(values.costPrice),
      sellingPrice: moneyValue(values.sellingPrice),
      suggestedRetailPrice: moneyValue(values.suggestedRetailPrice),
    }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill once the group arrives
  useEffect(() => {
    if (group) form.setValues(group);
  }, [group]);
  const v = form.getValues();
  const cost = moneyValue(v.costPrice);
  const selling = moneyValue(v.sellingPrice);
  return (
    <RecordForm
      title={title}
      form={form}
      backTo="/productGroups"
      loading={loading}
      loadError={loadError}
      onSubmit={() => onSave(form.body())}
    >
      {() => (
        <Stack gap="sm">
          {group && group.productCount > 0 && (
            <Alert color="blue">
              Saving writes these prices to the group's {group.productCount} product
              {group.productCount === 1 ? '' : 's'}.
            </Alert>
          )}
          <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
          <MoneyInput label="Cost Price" {...form.getInputProps('costPrice')} />
          <MoneyInput label="Selling Price" {...form.getInputProps('sellingPrice')} />
          <PriceHelper
            base={cost}
            baseLabel="cost"
            price={selling}
            onPrice={(p) => form.setFieldValue('sellingPrice', p)}
          />
          <MoneyInput label="Suggested Retail Price" {...form.getInputProps('suggestedRetailPrice')} />
          <PriceHelper
            base={selling}
            baseLabel="selling price"
            price={moneyValue(v.suggestedRetailPrice)}
            onPrice={(p) => form.setFieldValue('suggestedRetailPrice', p)}
          />
        </Stack>
      )}
    </RecordForm>
  );
}

export function ProductGroupNewPage() {
  const create = useCreateProductGroup();
  return <GroupForm title="New Product Price Group" onSave={create.mutateAsync} />;
}

export function ProductGroupEditPage() {
  const id = useIdParam();
  const query = useProductGroup(id);
  const update = useUpdateProductGroup();
  return (
    <GroupForm
      title="Group Price Change"
      group={query.data}
      loading={query.isPending}
      loadError={query.isError ? errorMessage(query.error) || PRODUCT_GROUP_MESSAGES.notFound : null}
      onSave={(v) => update.mutateAsync({ id: id ?? 0, ...v })}
    />
  );
}
