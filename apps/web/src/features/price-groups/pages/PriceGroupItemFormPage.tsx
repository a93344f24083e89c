import { Grid, Stack, TextInput } from '@mantine/core';
import {
  PRICE_GROUP_MESSAGES,
  type PriceGroupItemInput,
  type Product,
  priceGroupItemInput,
  priceGroupItemUpdateInput,
} from '@wd/contracts';
import { useEffect, useState } from 'react';
import { MoneyInput, moneyValue } from '../../../components/MoneyInput';
import { RecordForm } from '../../../components/RecordForm';
import { errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/form';
import { formatMoney } from '../../../lib/format';
import { useIdParam } from '../../../lib/route-params';
import { ProductPicker } from '../../products/components/ProductPicker';
import { useAddPriceGroupItem, usePriceGroup, usePriceGroupItem, useUpdatePriceGroupItem } from '../api';

interface Values extends Record<string, unknown> {
  /** The product picked for a new item, 0 for none (an item being edited keeps its own). */
  productID: number;
  price: number | string;
  suggestedRetailPrice: number | string;
}

/** Add an item (pick a product) or edit one; only the two group prices are editable. */
export default function PriceGroupItemFormPage() {
  const id = useIdParam() ?? 0;
  const itemID = useIdParam('itemID');
  const group = usePriceGroup(id);
  const item = usePriceGroupItem(itemID);
  const add = useAddPriceGroupItem();
  const update = useUpdatePriceGroupItem();
  const [product, setProduct] = useState<Product | null>(null);
  const prices = (v: Values) => ({
    price: moneyValue(v.price),
    suggestedRetailPrice: moneyValue(v.suggestedRetailPrice),
  });
  const form = useContractForm<Values, unknown>({
    initialValues: { productID: 0, price: 0, suggestedRetailPrice: 0 },
    schema: itemID !== undefined ? priceGroupItemUpdateInput : priceGroupItemInput,
    toBody: (v: Values) =>
      itemID !== undefined
        ? { id: itemID, ...prices(v) }
        : { priceGroupID: id, productID: v.productID || undefined, ...prices(v) },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill once the item arrives
  useEffect(() => {
    if (item.data) {
      form.setValues({ price: item.data.updatedPrice, suggestedRetailPrice: item.data.updatedSuggestedRetailPrice });
    }
  }, [item.data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly picked product starts at its own prices
  useEffect(() => {
    form.setValues(
      product
        ? { productID: product.id, price: product.sellingPrice, suggestedRetailPrice: product.suggestedRetailPrice }
        : { productID: 0 },
    );
  }, [product]);

  const shown = item.data
    ? {
        barcode: item.data.barcode,
        cost: item.data.costPrice,
        selling: item.data.sellingPrice,
        retail: item.data.suggestedRetailPrice,
      }
    : {
        barcode: product?.barcode ?? '',
        cost: product?.costPrice,
        selling: product?.sellingPrice,
        retail: product?.suggestedRetailPrice,
      };
  const money = (v: number | undefined) => (v === undefined ? '' : formatMoney(v));
  const wrongGroup = item.data && item.data.priceGroupID !== id;

  return (
    <RecordForm
      title={`${itemID !== undefined ? 'Edit' : 'Add'} Item · ${group.data?.name ?? ''}`}
      form={form}
      backTo={`/priceGroups/${id}`}
      loading={itemID !== undefined && item.isPending}
      loadError={item.isError ? errorMessage(item.error) : wrongGroup ? PRICE_GROUP_MESSAGES.itemNotFound : null}
      onSubmit={async (v) => {
        if (itemID !== undefined) await update.mutateAsync({ id: itemID, ...prices(v) });
        else await add.mutateAsync(form.body() as PriceGroupItemInput);
      }}
    >
      {() => (
        <Stack gap="sm">
          {itemID !== undefined ? (
            <TextInput label="Product" value={item.data?.productName ?? ''} readOnly />
          ) : (
            <ProductPicker
              label="Product"
              value={product}
              onChange={setProduct}
              limit={1}
              error={form.errors.productID}
            />
          )}
          <TextInput label="Barcode" value={shown.barcode} readOnly />
          <Grid>
            <Grid.Col span={4}>
              <TextInput label="Cost Price" value={money(shown.cost)} readOnly />
            </Grid.Col>
            <Grid.Col span={4}>
              <TextInput label="Selling Price" value={money(shown.selling)} readOnly />
            </Grid.Col>
            <Grid.Col span={4}>
              <TextInput label="Suggested Retail Price" value={money(shown.retail)} readOnly />
            </Grid.Col>
          </Grid>
          <MoneyInput label="Updated Price" {...form.getInputProps('price')} />
          <MoneyInput label="Updated Suggested Retail Price" {...form.getInputProps('suggestedRetailPrice')} />
        </Stack>
      )}
    </RecordForm>
  );
}
