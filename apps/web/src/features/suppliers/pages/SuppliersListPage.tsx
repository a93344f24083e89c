import { callRoutes, pickColumns, SUPPLIER_COLUMNS, type Supplier } from '@wd/contracts';
import { ListPage } from '../../../components/list/ListPage';
import { deleteAction, viewEdit } from '../../../components/list/row-actions';
import { specColumns } from '../../../components/spec-columns';
import { allSuppliers, useDeleteSupplier } from '../api';

const { supplierCalls } = callRoutes;

export default function SuppliersListPage() {
  const remove = useDeleteSupplier();
  return (
    <ListPage<Supplier>
      title="Suppliers"
      source={allSuppliers}
      columns={specColumns(pickColumns(SUPPLIER_COLUMNS, ['company', 'email', 'phone', 'address']))}
      rowActions={(d) => [
        ...viewEdit('distributors', d.id),
        { label: 'Payments', to: `/distributors/${d.id}/payments` },
        deleteAction(d.company, () => remove.mutateAsync(d.id)),
      ]}
      header={{ addNewTo: '/distributors/new', exportCsv: supplierCalls.export }}
    />
  );
}
