import { Autocomplete, Grid, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { BARCODE_SYMBOLOGIES, normalizeBarcode, type Product, type ProductInput, productInput } from '@wd/contracts';
import { useEffect } from 'react';
import { MoneyInput, moneyValue } from '../../../components/MoneyInput';
import { PriceHelper } from '../../../components/PriceHelper';
import { RecordForm } from '../../../components/RecordForm';
import { useContractForm } from '../../../lib/form';
import { useCategories } from '../api';

export interface ProductFormValues extends Record<string, unknown> {
  name: string;
  unitQuantity: number | string;
  barcodeSymbology: string;
  barcode: string;
  boxBarcode: string;
  category: string;
  costPrice: number | string;
  sellingPrice: number | string;
  suggestedRetailPrice: number | string;
}

const SYMBOLOGY_LABELS: Record<string, string> = { upca: 'UPC-A', ean13: 'EAN-13', ean8: 'EAN-8', code128: 'Code 128' };

export function toProductInput(v: ProductFormValues): ProductInput {
  return {
    name: v.name.trim(),
    unitQuantity: Math.max(1, Number(v.unitQuantity) || 1),
    barcodeSymbology: v.barcodeSymbology as ProductInput['barcodeSymbology'],
    barcode: v.barcode.trim(),
    boxBarcode: v.boxBarcode.trim(),
    category: v.category.trim(),
    costPrice: moneyValue(v.costPrice),
    sellingPrice: moneyValue(v.sellingPrice),
    suggestedRetailPrice: moneyValue(v.suggestedRetailPrice),
  };
}

interface ProductFormProps {
  title: string;
  product?: Product;
  readOnly?: boolean;
  loading?: boolean;
  loadError?: string | null;
  onSubmit?: (values: ProductFormValues) => Promise<unknown>;
}

export function ProductForm({ title, product, readOnly, loading, loadError, onSubmit }: ProductFormProps) {
  const form = useContractForm<ProductFormValues, ProductInput>({
    initialValues: {
      name: '',
      unitQuantity: 1,
      barcodeSymbology: 'upca',
      barcode: '',
      boxBarcode: '',
      category: '',
      costPrice: 0,
      sellingPrice: 0,
      suggestedRetailPrice: 0,
    },
    schema: productInput,
    toBody: toProductInput,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill once the product arrives
  useEffect(() => {
    if (product) {
      form.setValues({
        name: product.name,
        unitQuantity: product.unitQuantity,
        barcodeSymbology: product.barcodeSymbology,
        barcode: product.barcode,
        boxBarcode: product.boxBarcode,
        category: product.category,
        costPrice: product.costPrice,
        sellingPrice: product.sellingPrice,
        suggestedRetailPrice: product.suggestedRetailPrice,
      });
      form.resetDirty();
    }
  }, [product]);

  const values = form.getValues();
  const [categorySearch] = useDebouncedValue(String(values.category ?? ''), 200);
  const categories = useCategories(categorySearch);
  const inGroup = Boolean(product?.productGroupID);
  const cost = moneyValue(values.costPrice);
  const selling = moneyValue(values.sellingPrice);

  /** Shows the completed check digit as soon as the field is left. */
  const completeBarcode = () => {
    const v = form.getValues();
    if (!v.barcodeSymbology) return;
    const r = normalizeBarcode(v.barcodeSymbology as never, v.barcode);
    if (r.ok && r.barcode !== v.barcode) form.setFieldValue('barcode', r.barcode);
  };

  return (
    <RecordForm
      title={title}
      form={form}
      onSubmit={readOnly ? undefined : onSubmit}
      editTo={product ? `/products/edit/${product.id}` : undefined}
      backTo="/products"
      loading={loading}
      loadError={loadError}
    >
      {(ro) => (
        <Stack gap="sm">
          <TextInput label="Name" readOnly={ro} withAsterisk={!ro} {...form.getInputProps('name')} />
          <Grid>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Select
                label="Barcode symbology"
                data={BARCODE_SYMBOLOGIES.map((s) => ({ value: s, label: SYMBOLOGY_LABELS[s] }))}
                readOnly={ro}
                clearable={!ro}
                {...form.getInputProps('barcodeSymbology')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput
                label="Barcode"
                description={ro ? undefined : 'Without the check digit, it is added for you'}
                readOnly={ro}
                disabled={!ro && !values.barcodeSymbology}
                withAsterisk={!ro}
                {...form.getInputProps('barcode')}
                onBlur={completeBarcode}
              />
            </Grid.Col>
          </Grid>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <NumberInput
                label="Unit quantity"
                description="Units in a box"
                min={1}
                readOnly={ro}
                {...form.getInputProps('unitQuantity')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput label="Box barcode" readOnly={ro} {...form.getInputProps('boxBarcode')} />
            </Grid.Col>
          </Grid>
          <Autocomplete
            label="Category"
            data={categories.data ?? []}
            readOnly={ro}
            placeholder="Pick one or type a new one"
            {...form.getInputProps('category')}
          />
          <MoneyInput
            label="Cost price"
            readOnly={ro}
            disabled={!ro && inGroup}
            description={inGroup ? "Set by the product's price group" : undefined}
            {...form.getInputProps('costPrice')}
          />
          <MoneyInput label="Selling price" readOnly={ro} {...form.getInputProps('sellingPrice')} />
          {!ro && (
            <PriceHelper
              base={cost}
              baseLabel="cost"
              price={selling}
              onPrice={(p) => form.setFieldValue('sellingPrice', p)}
            />
          )}
          <MoneyInput label="Suggested retail price" readOnly={ro} {...form.getInputProps('suggestedRetailPrice')} />
          {!ro && (
            <PriceHelper
              base={selling}
              baseLabel="selling price"
              price={moneyValue(values.suggestedRetailPrice)}
              onPrice={(p) => form.setFieldValue('suggestedRetailPrice', p)}
            />
          )}
          {ro && product && (
            <Text fz="sm" c="dimmed">
              Sold: {product.quantitySold} ·{' '}
              {product.productGroupID ? 'In a product price group' : 'In no product price group'}
              {product.deletedAt ? ' · Deleted' : ''}
            </Text>
          )}
        </Stack>
      )}
    </RecordForm>
  );
}
