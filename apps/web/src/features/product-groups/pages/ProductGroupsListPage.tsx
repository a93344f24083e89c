import type { ProductGroup } from '@wd/contracts';
import { ListPage } from '../../../components/list/ListPage';
import { deleteAction } from '../../../components/list/row-actions';
import { MoneyText } from '../../../components/MoneyText';
import { allProductGroups, useDeleteProductGroup } from '../api';

export default function ProductGroupsListPage() {
  const remove = useDeleteProductGroup();
  return (
    <ListPage<ProductGroup>
      title="Product Price Groups"
      source={allProductGroups}
      columns={[
        { key: 'name', title: 'Name', sortable: true },
        {
          key: 'costPrice',
          title: 'Cost',
          sortable: true,
          align: 'right',
          render: (g) => <MoneyText value={g.costPrice} />,
        },
        {
          key: 'sellingPrice',
          title: 'Selling',
          sortable: true,
          align: 'right',
          render: (g) => <MoneyText value={g.sellingPrice} />,
        },
        {
          key: 'suggestedRetailPrice',
          title: 'Retail',
          sortable: true,
          align: 'right',
          render: (g) => <MoneyText value={g.suggestedRetailPrice} />,
        },
        { key: 'productCount', title: 'Products', sortable: true, align: 'right' },
      ]}
      rowActions={(g) => [
        { label: 'View/Edit', to: `/productGroups/${g.id}` },
        { label: 'Group Price Change', to: `/productGroups/edit/${g.id}` },
        deleteAction(`${g.name}: its ${g.productCount} products leave the group and keep their prices.`, () =>
          remove.mutateAsync(g.id),
        ),
      ]}
      inlineActions={3}
      header={{ addNewTo: '/productGroups/new', backTo: '/products' }}
    />
  );
}
