import { Group } from '@mantine/core';
import { PRODUCT_MESSAGES } from '@wd/contracts';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { showAlert } from '../../../lib/alert';
import { useIdParam } from '../../../lib/route-params';
import { HistoryLink } from '../../audit/HistoryLink';
import { useCreateProduct, useProduct, useUpdateProduct } from '../api';
import { ProductForm, toProductInput } from '../components/ProductForm';

/** A missing product: alert 'Product does not exist' and go to /products. */
function useMissingProductRedirect(isError: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (isError) {
      showAlert(PRODUCT_MESSAGES.notFoundAlert);
      navigate('/products', { replace: true });
    }
  }, [isError, navigate]);
}

export function ProductNewPage() {
  const create = useCreateProduct();
  return <ProductForm title="New Product" onSubmit={(v) => create.mutateAsync(toProductInput(v))} />;
}

export function ProductViewPage() {
  const id = useIdParam();
  const query = useProduct(id);
  useMissingProductRedirect(query.isError);
  return (
    <>
      <ProductForm title="Product" readOnly product={query.data} loading={query.isPending} />
      {query.data && (
        <Group mt="sm">
          <HistoryLink entity="product" id={query.data.id} />
        </Group>
      )}
    </>
  );
}

export function ProductEditPage() {
  const id = useIdParam();
  const query = useProduct(id);
  const update = useUpdateProduct();
  useMissingProductRedirect(query.isError);
  return (
    <ProductForm
      title="Edit Product"
      product={query.data}
      loading={query.isPending}
      onSubmit={(v) => update.mutateAsync({ id: id ?? 0, ...toProductInput(v) })}
    />
  );
}
