import { useQueryClient } from '@tanstack/react-query';
import { PRODUCT_MESSAGES } from '@wd/contracts';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showAlert } from '../../../lib/alert';
import { queryKeys } from '../../../lib/query-keys';
import { createProduct, updateProduct, useProduct } from '../api';
import { ProductForm, toProductInput } from '../components/ProductForm';

function useSaved() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.products });
}

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
  const saved = useSaved();
  return (
    <ProductForm
      title="New Product"
      onSubmit={async (v) => {
        await createProduct(toProductInput(v));
        await saved();
      }}
    />
  );
}

export function ProductViewPage() {
  const { id } = useParams();
  const query = useProduct(id);
  useMissingProductRedirect(query.isError);
  return <ProductForm title="Product" readOnly product={query.data} loading={query.isPending} />;
}

export function ProductEditPage() {
  const { id } = useParams();
  const query = useProduct(id);
  const saved = useSaved();
  useMissingProductRedirect(query.isError);
  return (
    <ProductForm
      title="Edit Product"
      product={query.data}
      loading={query.isPending}
      onSubmit={async (v) => {
        await updateProduct({ id: Number(id), ...toProductInput(v) });
        await saved();
      }}
    />
  );
}
