import { RecoverPage } from '../../../components/RecoverPage';
import { deletedBillers, useDeleteBillers, useRecoverBillers } from '../api';
import { billerColumns } from '../components/billerColumns';

export default function BillersRecoverPage() {
  const recover = useRecoverBillers();
  const remove = useDeleteBillers();
  return (
    <RecoverPage
      path="billers"
      plural="Billers"
      source={deletedBillers}
      columns={billerColumns}
      label={(b) => b.company}
      recover={recover.mutateAsync}
      remove={remove.mutateAsync}
    />
  );
}
