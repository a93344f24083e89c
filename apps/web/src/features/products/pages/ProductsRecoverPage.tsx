import { RecoverPage } from '../../../components/RecoverPage';
import { deletedProducts, useDeleteProducts, useRecoverProducts } from '../api';
import { productColumns } from '../components/productColumns';

export default function ProductsRecoverPage() {
  const recover = useRecoverProducts();
  const remove = useDeleteProducts();
  return (
    <RecoverPage
      path="products"
      plural="Products"
      source={deletedProducts}
      columns={productColumns}
      label={(p) => p.name}
      recover={recover.mutateAsync}
      remove={remove.mutateAsync}
    />
  );
}
