import { callRoutes, type Product } from '@wd/contracts';
import { ListPage } from '../../../components/list/ListPage';
import { deleteAction, viewEdit } from '../../../components/list/row-actions';
import { ImportButton } from '../../imports/ImportButton';
import { activeProducts, useDeleteProducts } from '../api';
import { productListColumns } from '../components/productColumns';

const { productCalls } = callRoutes;

export default function ProductsListPage() {
  const remove = useDeleteProducts();
  return (
    <ListPage<Product>
      title="Products"
      source={activeProducts}
      searchPlaceholder="Name, barcode or category"
      columns={productListColumns}
      rowActions={(p) => [...viewEdit('products', p.id), deleteAction(p.name, () => remove.mutateAsync([p.id]))]}
      bulkActions={[
        {
          label: 'Delete selected',
          confirm: {
            title: 'Are you sure you want to delete?',
            message: 'The selected products can be recovered later.',
          },
          run: (ids) => remove.mutateAsync(ids),
        },
      ]}
      header={{
        addNewTo: '/products/new',
        recoverTo: '/products/recover',
        exportCsv: productCalls.export,
        actions: <ImportButton kind="products" />,
      }}
    />
  );
}
