import { RecoverPage } from '../../../components/RecoverPage';
import { deletedBillers, useDeleteBillers, useRecoverBillers } from '../api';
import { billerColumns } from '../components/billerColumns';

export default function BillersRecoverPage() {
  const recover = useRecoverBillers();
  const remove = useDeleteBillers();
  return (
    <RecoverPage
      title="Recover Billers"
      emptyText="No deleted billers"
      backTo="/billers"
      source={deletedBillers}
      columns={billerColumns}
      label={(b) => b.company}
      recover={recover.mutateAsync}
      remove={remove.mutateAsync}
    />
  );
}
