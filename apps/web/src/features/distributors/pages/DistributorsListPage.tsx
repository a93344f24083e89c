import { type Distributor, distributorCalls } from '@wd/contracts';
import { ListPage } from '../../../components/list/ListPage';
import { deleteAction, viewEdit } from '../../../components/list/row-actions';
import { allDistributors, useDeleteDistributor } from '../api';

export default function DistributorsListPage() {
  const remove = useDeleteDistributor();
  return (
    <ListPage<Distributor>
      title="Suppliers"
      source={allDistributors}
      columns={[
        { key: 'company', title: 'Supplier', sortable: true },
        { key: 'email', title: 'Email', sortable: true },
        { key: 'phone', title: 'Phone', sortable: true },
        { key: 'address', title: 'Address', sortable: true },
      ]}
      rowActions={(d) => [
        ...viewEdit('distributors', d.id),
        { label: 'Payments', to: `/distributors/${d.id}/payments` },
        deleteAction(d.company, () => remove.mutateAsync(d.id)),
      ]}
      header={{ addNewTo: '/distributors/new', exportCsv: distributorCalls.export }}
    />
  );
}
