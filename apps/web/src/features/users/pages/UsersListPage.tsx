import { Badge } from '@mantine/core';
import type { User } from '@wd/contracts';
import { ListPage } from '../../../components/list/ListPage';
import { allUsers } from '../api';

export default function UsersListPage() {
  return (
    <ListPage<User>
      title="Users"
      source={allUsers}
      paginated={false}
      searchPlaceholder="Username, e-mail or type"
      columns={[
        { key: 'username', title: 'Username', sortable: true },
        { key: 'email', title: 'Email', sortable: true },
        {
          key: 'type',
          title: 'Type',
          sortable: true,
          render: (u) => (
            <Badge color={u.type === 'admin' ? 'grape' : 'gray'} variant="light">
              {u.type}
            </Badge>
          ),
        },
        {
          key: 'driver',
          title: 'Driver',
          sortable: true,
          render: (u) => (u.driver ? 'Driver' : ''),
        },
      ]}
      rowActions={(u) => [
        { label: 'View', to: `/users/${u.id}` },
        { label: 'Edit', to: `/users/edit/${u.id}` },
      ]}
      header={{ addNewTo: '/users/new' }}
    />
  );
}
