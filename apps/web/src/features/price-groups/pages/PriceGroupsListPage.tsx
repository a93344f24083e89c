import { DEFAULT_PRICE_GROUP_ID, PRICE_GROUP_MESSAGES, type PriceGroup } from '@wd/contracts';
import { ListPage } from '../../../components/list/ListPage';
import { allPriceGroups, useDeletePriceGroup } from '../api';

export default function PriceGroupsListPage() {
  const remove = useDeletePriceGroup();
  return (
    <ListPage<PriceGroup>
      title="Customer Price Groups"
      source={allPriceGroups}
      columns={[
        { key: 'name', title: 'Name', sortable: true },
        { key: 'itemCount', title: 'Products priced', sortable: true, align: 'right' },
      ]}
      rowActions={(g) => [
        { label: 'View/Edit', to: `/priceGroups/${g.id}` },
        {
          label: 'Delete',
          color: 'red',
          confirm:
            g.id <= DEFAULT_PRICE_GROUP_ID
              ? undefined
              : {
                  title: 'Are you sure you want to delete?',
                  message: `${g.name}: its customers move to the default group.`,
                },
          run: async () => {
            if (g.id <= DEFAULT_PRICE_GROUP_ID) throw new Error(PRICE_GROUP_MESSAGES.cantDelete);
            await remove.mutateAsync(g.id);
          },
        },
      ]}
      header={{ addNewTo: '/priceGroups/new', backTo: '/' }}
    />
  );
}
