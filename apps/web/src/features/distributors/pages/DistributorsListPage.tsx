import type { Distributor } from '@wd/contracts';
import { ListPage } from '../../../components/ListPage';
import { allDistributors, useDeleteDistributor } from '../api';

export default function DistributorsListPage() {
  const remove = useDeleteDistributor();
  return (
    <ListPage<Distributor>
      title="Suppliers"
      source={allDistributors}
      addNewTo="/distributors/new"
      columns={[
        { key: 'company', title: 'Supplier', sortable: true },
        { key: 'email', title: 'Email', sortable: true },
        { key: 'phone', title: 'Phone', sortable: true },
        { key: 'address', title: 'Address', sortable: true },
      ]}
      rowActions={(d) => [
        { label: 'View', to: `/distributors/${d.id}` },
        { label: 'Edit', to: `/distributors/edit/${d.id}` },
        { label: 'Payments', to: `/distributors/${d.id}/payments` },
        {
          label: 'Delete',
          color: 'red',
          confirm: { title: 'Are you sure you want to delete?', message: d.company },
          run: () => remove.mutateAsync(d.id),
        },
      ]}
    />
  );
}
