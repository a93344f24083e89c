import { Grid, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { MoneyInput, moneyValue } from '../../../components/MoneyInput';
import { RecordForm } from '../../../components/RecordForm';
import { formatMoney } from '../../../lib/format';
import { useAddByProductGroup, usePriceGroup, usePriceGroupProductGroups, useUpdateByProductGroup } from '../api';

interface Values extends Record<string, unknown> {
  productGroupID: string | null;
  updatedPrice: number | string;
  updatedSuggestedRetailPrice: number | string;
}

/**
 * Price a whole product group for a customer price group. add: every product
 * of the product group gets an item; edit: its existing items change.
 */
export function PriceGroupByProductGroupPage({ mode }: { mode: 'add' | 'edit' }) {
  const { id = '' } = useParams();
  const group = usePriceGroup(id);
  const add = useAddByProductGroup();
  const update = useUpdateByProductGroup();
  const setPrices = mode === 'add' ? add : update;
  const productGroups = usePriceGroupProductGroups(id);
  const choices = (productGroups.data ?? []).filter((g) => (mode === 'edit' ? g.itemCount > 0 : g.productCount > 0));
  const form = useForm<Values>({
    initialValues: { productGroupID: null, updatedPrice: 0, updatedSuggestedRetailPrice: 0 },
    validate: { productGroupID: (v) => (v ? null : 'Choose a product group') },
  });
  const chosen = choices.find((g) => String(g.id) === form.getValues().productGroupID);
  // biome-ignore lint/correctness/useExhaustiveDependencies: start from the group's current prices when one is chosen
  useEffect(() => {
    if (chosen) {
      form.setFieldValue('updatedPrice', chosen.updatedPrice ?? chosen.sellingPrice);
      form.setFieldValue(
        'updatedSuggestedRetailPrice',
        chosen.updatedSuggestedRetailPrice ?? chosen.suggestedRetailPrice,
      );
    }
  }, [chosen?.id]);

  return (
    <RecordForm
      title={`${mode === 'add' ? 'Add' : 'Edit'} by Product Group · ${group.data?.name ?? ''}`}
      form={form}
      backTo={`/priceGroups/${id}`}
      loading={productGroups.isPending}
      savedMessage="Prices saved"
      onSubmit={(v) =>
        setPrices.mutateAsync({
          priceGroupID: Number(id),
          productGroupID: Number(v.productGroupID),
          price: moneyValue(v.updatedPrice),
          suggestedRetailPrice: moneyValue(v.updatedSuggestedRetailPrice),
        })
      }
    >
      {() => (
        <Stack gap="sm">
          <Select
            label="Product Group"
            placeholder={
              choices.length
                ? 'Choose…'
                : mode === 'edit'
                  ? 'No product group is priced here yet'
                  : 'No product groups with products'
            }
            data={choices.map((g) => ({ value: String(g.id), label: `${g.name} (${g.productCount} products)` }))}
            searchable
            {...form.getInputProps('productGroupID')}
          />
          <Grid>
            <Grid.Col span={4}>
              <TextInput label="Cost Price" value={chosen ? formatMoney(chosen.costPrice) : ''} readOnly />
            </Grid.Col>
            <Grid.Col span={4}>
              <TextInput label="Selling Price" value={chosen ? formatMoney(chosen.sellingPrice) : ''} readOnly />
            </Grid.Col>
            <Grid.Col span={4}>
              <TextInput
                label="Suggested Retail Price"
                value={chosen ? formatMoney(chosen.suggestedRetailPrice) : ''}
                readOnly
              />
            </Grid.Col>
          </Grid>
          {chosen && mode === 'edit' && (
            <Text fz="sm" c="dimmed">
              {chosen.itemCount} of its {chosen.productCount} products are priced in this group.
            </Text>
          )}
          <MoneyInput label="Updated Price" {...form.getInputProps('updatedPrice')} />
          <MoneyInput label="Updated Suggested Retail Price" {...form.getInputProps('updatedSuggestedRetailPrice')} />
        </Stack>
      )}
    </RecordForm>
  );
}

export function AddByProductGroupPage() {
  return <PriceGroupByProductGroupPage mode="add" />;
}
export function EditByProductGroupPage() {
  return <PriceGroupByProductGroupPage mode="edit" />;
}
