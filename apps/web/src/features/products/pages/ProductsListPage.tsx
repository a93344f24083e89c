import { Button } from '@mantine/core';
import type { Product } from '@wd/contracts';
import { Link } from 'react-router';
import { ListPage } from '../../../components/ListPage';
import { activeProducts, useDeleteProducts } from '../api';
import { productColumns } from '../components/productColumns';

export default function ProductsListPage() {
  const remove = useDeleteProducts();
  return (
    <ListPage<Product>
      title="Products"
      source={activeProducts}
      addNewTo="/products/new"
      headerActions={
        <Button variant="default" component={Link} to="/products/recover">
          Recover
        </Button>
      }
      searchPlaceholder="Name, barcode or category"
      columns={[...productColumns, { key: 'quantitySold', title: 'Sold', align: 'right' }]}
      rowActions={(p) => [
        { label: 'View', to: `/products/${p.id}` },
        { label: 'Edit', to: `/products/edit/${p.id}` },
        {
          label: 'Delete',
          color: 'red',
          confirm: { title: 'Are you sure you want to delete?', message: p.name },
          run: () => remove.mutateAsync([p.id]),
        },
      ]}
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
    />
  );
}
