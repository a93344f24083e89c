import { Button } from '@mantine/core';
import type { Biller } from '@wd/contracts';
import { Link } from 'react-router';
import { ListPage } from '../../../components/ListPage';
import { activeBillers, useDeleteBillers } from '../api';
import { billerColumns } from '../components/billerColumns';

export default function BillersListPage() {
  const remove = useDeleteBillers();
  return (
    <ListPage<Biller>
      title="Billers"
      source={activeBillers}
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
          run: () => remove.mutateAsync([b.id]),
        },
      ]}
    />
  );
}
