import type { Biller } from '@wd/contracts';
import { ListPage } from '../../../components/ListPage';
import { queryKeys } from '../../../lib/query-keys';
import { deleteBiller, fetchDeletedBillers, recoverBiller } from '../api';
import { billerColumns } from './BillersListPage';

export default function BillersRecoverPage() {
  return (
    <ListPage<Biller>
      title="Recover Billers"
      queryKey={[...queryKeys.billers, 'deleted']}
      fetchPage={fetchDeletedBillers}
      backTo="/billers"
      emptyText="No deleted billers"
      columns={billerColumns}
      rowActions={(b) => [
        {
          label: 'Recover',
          confirm: { title: 'Are you sure you want to Recover?', message: b.company, danger: false },
          run: () => recoverBiller(b.id),
        },
        {
          label: 'Delete',
          color: 'red',
          confirm: { title: 'Are you sure you want to permanently delete?', message: b.company },
          run: () => deleteBiller(b.id),
        },
      ]}
    />
  );
}
