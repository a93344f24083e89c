import { Button } from '@mantine/core';
import type { Biller } from '@wd/contracts';
import { Link } from 'react-router';
import { ListPage } from '../../../components/ListPage';
import { queryKeys } from '../../../lib/query-keys';
import { deleteBiller, fetchBillers } from '../api';

export const billerColumns = [
  { key: 'id', title: 'ID', sortable: true },
  { key: 'company', title: 'Company', sortable: true },
  { key: 'name', title: 'Contact', sortable: true },
  { key: 'city', title: 'City', sortable: true },
  { key: 'phone', title: 'Phone', sortable: true },
  { key: 'email', title: 'Email', sortable: true },
];

export default function BillersListPage() {
  return (
    <ListPage<Biller>
      title="Billers"
      queryKey={queryKeys.billers}
      fetchPage={fetchBillers}
      addNewTo="/billers/new"
      headerActions={
        <Button variant="default" component={Link} to="/billers/recover">
          Recover
        </Button>
      }
      columns={billerColumns}
      rowActions={(b) => [
        { label: 'View', to: `/billers/${b.id}` },
        { label: 'Edit', to: `/billers/edit/${b.id}` },
        {
          label: 'Delete',
          color: 'red',
          confirm: { title: 'Are you sure you want to delete?', message: b.company },
          run: () => deleteBiller(b.id),
        },
      ]}
    />
  );
}
