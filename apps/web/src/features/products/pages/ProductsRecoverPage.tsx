import type { Product } from '@wd/contracts';
import { ListPage } from '../../../components/ListPage';
import { queryKeys } from '../../../lib/query-keys';
import { deleteProducts, fetchDeletedProducts, recoverProducts } from '../api';
import { productColumns } from '../components/productColumns';

const PERMANENT = 'Are you sure you want to permanently delete?';

export default function ProductsRecoverPage() {
  return (
    <ListPage<Product>
      title="Recover Products"
      queryKey={[...queryKeys.products, 'deleted']}
      fetchPage={fetchDeletedProducts}
      backTo="/products"
      emptyText="No deleted products"
      columns={productColumns}
      rowActions={(p) => [
        {
          label: 'Recover',
          confirm: { title: 'Are you sure you want to Recover?', message: p.name, danger: false },
          run: () => recoverProducts([p.id]),
        },
        {
          label: 'Delete',
          color: 'red',
          confirm: { title: PERMANENT, message: p.name },
          run: () => deleteProducts([p.id]),
        },
      ]}
      bulkActions={[{ label: 'Delete selected', confirm: { title: PERMANENT }, run: deleteProducts }]}
    />
  );
}
