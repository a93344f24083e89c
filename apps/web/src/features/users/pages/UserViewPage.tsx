import { useParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useUser } from '../api';
import { UserForm } from '../components/UserForm';

export default function UserViewPage() {
  const { id } = useParams();
  const query = useUser(id);
  return (
    <UserForm
      title="User"
      mode="view"
      user={query.data}
      loading={query.isPending}
      loadError={query.isError ? errorMessage(query.error) : null}
    />
  );
}
