import { Grid, Stack, Text, TextInput } from '@mantine/core';
import { type PriceGroupByProductGroupInput, priceGroupByProductGroupInput } from '@wd/contracts';
import { useEffect } from 'react';
import { MoneyInput, moneyValue } from '../../../components/MoneyInput';
import { RecordForm } from '../../../components/RecordForm';
import { TypeSelect } from '../../../components/TypeSelect';
import { useContractForm } from '../../../lib/form';
import { formatMoney } from '../../../lib/format';
import { useIdParam } from '../../../lib/route-params';
import { useAddByProductGroup, usePriceGroup, usePriceGroupProductGroups, useUpdateByProductGroup } from '../api';

interface Values extends Record<string, unknown> {
  productGroupID: string | null;
  price: number | string;
  suggestedRetailPrice: number | string;
}

/**
 * Price a whole product group for a customer price group. add: every product
 * of the product group gets an item; edit: its existing items change.
 */
export function PriceGroupByProductGroupPage({ mode }: { mode: 'add' | 'edit' }) {
  const id = useIdParam() ?? 0;
  const group = usePriceGroup(id);
  const add = useAddByProductGroup();
  const update = useUpdateByProductGroup();
  const setPrices = mode === 'add' ? add : update;
  const productGroups = usePriceGroupProductGroups(id);
  const choices = (productGroups.data ?? []).filter((g) => (mode === 'edit' ? g.itemCount > 0 : g.productCount > 0));
  const form = useContractForm<Values, unknown>({
    initialValues: { productGroupID: null, price: 0, suggestedRetailPrice: 0 },
    schema: priceGroupByProductGroupInput,
    toBody: (v: Values) => ({
      priceGroupID: id,
      // None chosen: "Is required" under the select.
      productGroupID: v.productGroupID ? Number(v.productGroupID) : undefined,
      price: moneyValue(v.price),
      suggestedRetailPrice: moneyValue(v.suggestedRetailPrice),
    }),
  });
  const chosen = choices.find((g) => String(g.id) === form.getValues().productGroupID);
  // biome-ignore lint/correctness/useExhaustiveDependencies: start from the group's current prices when one is chosen
  useEffect(() => {
    if (chosen) {
      form.setFieldValue('price', chosen.updatedPrice ?? chosen.sellingPrice);
      form.setFieldValue('suggestedRetailPrice', chosen.updatedSuggestedRetailPrice ?? chosen.suggestedRetailPrice);
    }
  }, [chosen?.id]);

  return (
    <RecordForm
      title={`${mode === 'add' ? 'Add' : 'Edit'} by Product Group · ${group.data?.name ?? ''}`}
      form={form}
      backTo={`/priceGroups/${id}`}
      loading={productGroups.isPending}
      savedMessage="Prices saved"
      onSubmit={() => setPrices.mutateAsync(form.body() as PriceGroupByProductGroupInput)}
    >
      {() => (
        <Stack gap="sm">
          <TypeSelect
            label="Product Group"
            placeholder={
              choices.length
                ? 'Choose…'
                : mode === 'edit'
                  ? 'No product group is priced here yet'
                  : 'No product groups with products'
            }
            data={choices.map((g) => ({ value: String(g.id), label: `${g.name} (${g.productCount} products)` }))}
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
          <MoneyInput label="Updated Price" {...form.getInputProps('price')} />
          <MoneyInput label="Updated Suggested Retail Price" {...form.getInputProps('suggestedRetailPrice')} />
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
