import type { Distributor } from '@wd/contracts';
import { ListPage } from '../../../components/ListPage';
import { queryKeys } from '../../../lib/query-keys';
import { deleteDistributor, fetchDistributors } from '../api';

export default function DistributorsListPage() {
  return (
    <ListPage<Distributor>
      title="Suppliers"
      queryKey={queryKeys.distributors}
      fetchPage={fetchDistributors}
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
          run: () => deleteDistributor(d.id),
        },
      ]}
    />
  );
}
