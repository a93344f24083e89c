import { Alert, Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import type { Product } from '@wd/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { showAlert, showSuccess } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { useIdParam } from '../../../lib/route-params';
import { ProductPicker } from '../../products/components/ProductPicker';
import { useAddProductToGroup, useProductGroup } from '../api';

export default function ProductGroupAddItemPage() {
  const id = useIdParam() ?? 0;
  const navigate = useNavigate();
  const group = useProductGroup(id);
  const add = useAddProductToGroup();
  const [product, setProduct] = useState<Product | null>(null);
  const [saving, setSaving] = useState(false);
  const back = `/productGroups/${id}`;

  const save = async () => {
    if (!product) return;
    setSaving(true);
    try {
      await add.mutateAsync({ productGroupID: id, productID: product.id });
      showSuccess(`${product.name} added`);
      navigate(back);
    } catch (error) {
      showAlert(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md" maw={720}>
      <PageTitle title={`Add to ${group.data?.name ?? 'Price Group'}`} />
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <ProductPicker label="Product Name" value={product} onChange={setProduct} />
          <TextInput label="Barcode" value={product?.barcode ?? ''} readOnly />
          <TextInput label="Category" value={product?.category ?? ''} readOnly />
          {product?.productGroupID ? (
            <Alert color="yellow">
              This product is already in a product price group; remove it from that group first.
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={back}>
              Back
            </Button>
            <Button onClick={save} disabled={!product} loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
