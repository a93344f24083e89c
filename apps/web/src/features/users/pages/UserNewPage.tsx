import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { createUser } from '../api';
import { UserForm } from '../components/UserForm';

export default function UserNewPage() {
  const queryClient = useQueryClient();
  return (
    <UserForm
      title="New User"
      mode="new"
      onSubmit={async (v) => {
        await createUser({ username: v.username.trim(), email: v.email.trim(), type: v.type, password: v.password });
        await queryClient.invalidateQueries({ queryKey: queryKeys.users });
      }}
    />
  );
}
