import { type Distributor, distributorCalls, pickColumns, SUPPLIER_COLUMNS } from '@wd/contracts';
import { ListPage } from '../../../components/list/ListPage';
import { deleteAction, viewEdit } from '../../../components/list/row-actions';
import { specColumns } from '../../../components/spec-columns';
import { allDistributors, useDeleteDistributor } from '../api';

export default function DistributorsListPage() {
  const remove = useDeleteDistributor();
  return (
    <ListPage<Distributor>
      title="Suppliers"
      source={allDistributors}
      columns={specColumns(pickColumns(SUPPLIER_COLUMNS, ['company', 'email', 'phone', 'address']))}
      rowActions={(d) => [
        ...viewEdit('distributors', d.id),
        { label: 'Payments', to: `/distributors/${d.id}/payments` },
        deleteAction(d.company, () => remove.mutateAsync(d.id)),
      ]}
      header={{ addNewTo: '/distributors/new', exportCsv: distributorCalls.export }}
    />
  );
}
