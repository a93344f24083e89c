import { MESSAGES } from '@wd/contracts';
import { useParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { useCreateUser, useUpdateUser, useUser } from '../api';
import { UserForm } from '../components/UserForm';

export function UserNewPage() {
  const create = useCreateUser();
  return (
    <UserForm
      title="New User"
      mode="new"
      onSubmit={(v) =>
        create.mutateAsync({
          username: v.username.trim(),
          email: v.email.trim(),
          type: v.type,
          driver: v.driver,
          password: v.password,
        })
      }
    />
  );
}

export function UserViewPage() {
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

export function UserEditPage() {
  const { id } = useParams();
  const query = useUser(id);
  const update = useUpdateUser();
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
        const { user: saved } = await update.mutateAsync({
          id: user.id,
          username: v.username.trim(),
          email: v.email.trim(),
          type: v.type,
          driver: v.driver,
          ...(v.password ? { password: v.password } : {}),
        });
        // Editing oneself keeps the top bar's name and avatar current.
        const me = session.get();
        if (me && me.id === saved.id) session.set({ ...me, ...saved });
      }}
    />
  );
}
