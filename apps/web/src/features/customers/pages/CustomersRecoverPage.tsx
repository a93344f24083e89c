import { RecoverPage } from '../../../components/RecoverPage';
import { deletedCustomers, useDeleteCustomers, useRecoverCustomers } from '../api';
import { customerColumns } from '../components/customerColumns';

export default function CustomersRecoverPage() {
  const recover = useRecoverCustomers();
  const remove = useDeleteCustomers();
  return (
    <RecoverPage
      title="Recover Customers"
      emptyText="No deleted customers"
      backTo="/customers"
      source={deletedCustomers}
      columns={customerColumns}
      label={(c) => c.company}
      recover={recover.mutateAsync}
      remove={remove.mutateAsync}
    />
  );
}
