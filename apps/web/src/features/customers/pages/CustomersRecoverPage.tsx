import { RecoverPage } from '../../../components/RecoverPage';
import { deletedCustomers, useDeleteCustomers, useRecoverCustomers } from '../api';
import { customerColumns } from '../components/customerColumns';

export default function CustomersRecoverPage() {
  const recover = useRecoverCustomers();
  const remove = useDeleteCustomers();
  return (
    <RecoverPage
      path="customers"
      plural="Customers"
      source={deletedCustomers}
      columns={customerColumns}
      label={(c) => c.company}
      recover={recover.mutateAsync}
      remove={remove.mutateAsync}
    />
  );
}
