import type { Customer } from '@wd/contracts';
import { ListPage } from '../../../components/ListPage';
import { queryKeys } from '../../../lib/query-keys';
import { deleteCustomer, fetchDeletedCustomers, recoverCustomer } from '../api';
import { customerColumns } from './CustomersListPage';

export default function CustomersRecoverPage() {
  return (
    <ListPage<Customer>
      title="Recover Customers"
      queryKey={[...queryKeys.customers, 'deleted']}
      fetchPage={fetchDeletedCustomers}
      backTo="/customers"
      emptyText="No deleted customers"
      columns={customerColumns}
      rowActions={(c) => [
        {
          label: 'Recover',
          confirm: { title: 'Are you sure you want to Recover?', message: c.company, danger: false },
          run: () => recoverCustomer(c.id),
        },
        {
          label: 'Delete',
          color: 'red',
          confirm: { title: 'Are you sure you want to permanently delete?', message: c.company },
          run: () => deleteCustomer(c.id),
        },
      ]}
    />
  );
}
