import { type Biller, callRoutes } from '@wd/contracts';
import { ListPage } from '../../../components/list/ListPage';
import { deleteAction, viewEdit } from '../../../components/list/row-actions';
import { activeBillers, useDeleteBillers } from '../api';
import { billerColumns } from '../components/billerColumns';

const { billerCalls } = callRoutes;

export default function BillersListPage() {
  const remove = useDeleteBillers();
  return (
    <ListPage<Biller>
      title="Billers"
      source={activeBillers}
      columns={billerColumns}
      rowActions={(b) => [...viewEdit('billers', b.id), deleteAction(b.company, () => remove.mutateAsync([b.id]))]}
      header={{ addNewTo: '/billers/new', recoverTo: '/billers/recover', exportCsv: billerCalls.export }}
    />
  );
}
