import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@wd/contracts';
import { useParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { session } from '../../../lib/session';
import { updateUser, useUser } from '../api';
import { UserForm } from '../components/UserForm';

export default function UserEditPage() {
  const { id } = useParams();
  const query = useUser(id);
  const queryClient = useQueryClient();
  const user = query.data;
  return (
    <UserForm
      title="Edit User"
      mode="edit"
      user={user}
      loading={query.isPending}
      loadError={query.isError ? errorMessage(query.error) : !query.isPending && !user ? MESSAGES.userNotFound : null}
      onSubmit={async (v) => {
        if (!user) return;
        const { user: saved } = await updateUser({
          id: user.id,
          username: v.username.trim(),
          email: v.email.trim(),
          type: v.type,
          ...(v.password ? { password: v.password } : {}),
        });
        // Editing oneself keeps the top bar's name and avatar current.
        const me = session.get();
        if (me && me.id === saved.id) session.set({ ...me, ...saved });
        await queryClient.invalidateQueries({ queryKey: queryKeys.users });
      }}
    />
  );
}
