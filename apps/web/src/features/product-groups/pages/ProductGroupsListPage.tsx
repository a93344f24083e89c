import type { ProductGroup } from '@wd/contracts';
import { ListPage } from '../../../components/ListPage';
import { MoneyText } from '../../../components/MoneyText';
import { deleteAction } from '../../../components/row-actions';
import { allProductGroups, useDeleteProductGroup } from '../api';

export default function ProductGroupsListPage() {
  const remove = useDeleteProductGroup();
  return (
    <ListPage<ProductGroup>
      title="Product Price Groups"
      source={allProductGroups}
      addNewTo="/productGroups/new"
      backTo="/products"
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
    />
  );
}
