import { Checkbox, PasswordInput, Select, TextInput } from '@mantine/core';
import { email, USER_TYPES, type User, username } from '@wd/contracts';
import { z } from '@wd/contracts/common/zod';
import { useEffect } from 'react';
import { RecordForm } from '../../../components/RecordForm';
import { useContractForm } from '../../../lib/form';

/** Password is required for a new user; blank on edit keeps the current one. */
function schemaFor(isNew: boolean) {
  return z
    .object({
      username: username(),
      email: email(),
      type: z.enum(USER_TYPES),
      driver: z.boolean(),
      password: isNew ? z.string().min(8) : z.union([z.literal(''), z.string().min(8)]),
      confirmPassword: z.string(),
    })
    .refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: 'The passwords do not match',
    });
}

export type UserFormValues = z.output<ReturnType<typeof schemaFor>>;

interface UserFormProps {
  title: string;
  mode: 'new' | 'view' | 'edit';
  user?: User;
  loading?: boolean;
  loadError?: string | null;
  onSubmit?: (values: UserFormValues) => Promise<unknown>;
}

export function UserForm({ title, mode, user, loading, loadError, onSubmit }: UserFormProps) {
  const form = useContractForm<UserFormValues>({
    initialValues: { username: '', email: '', type: 'user', driver: false, password: '', confirmPassword: '' },
    schema: schemaFor(mode === 'new'),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once the user arrives
  useEffect(() => {
    if (user) {
      form.setValues({
        username: user.username,
        email: user.email,
        type: user.type,
        driver: user.driver,
        password: '',
        confirmPassword: '',
      });
      form.resetDirty();
    }
  }, [user]);

  return (
    <RecordForm
      title={title}
      form={form}
      onSubmit={mode === 'view' ? undefined : onSubmit}
      editTo={user ? `/users/edit/${user.id}` : undefined}
      backTo="/users"
      loading={loading}
      loadError={loadError}
    >
      {(readOnly) => (
        <>
          <TextInput
            label="Username"
            readOnly={readOnly}
            withAsterisk={!readOnly}
            {...form.getInputProps('username')}
          />
          <TextInput label="Email" type="email" readOnly={readOnly} {...form.getInputProps('email')} />
          <Select
            label="Type"
            data={[
              { value: 'user', label: 'User' },
              { value: 'admin', label: 'Admin' },
            ]}
            readOnly={readOnly}
            allowDeselect={false}
            {...form.getInputProps('type')}
          />
          <Checkbox
            label="Driver"
            description="Drives a delivery route: the route screens come first when signing in"
            disabled={readOnly}
            {...form.getInputProps('driver', { type: 'checkbox' })}
          />
          {!readOnly && (
            <>
              <PasswordInput
                label="Password"
                description={mode === 'edit' ? 'Leave blank to keep the current password' : 'At least 8 characters'}
                autoComplete="new-password"
                withAsterisk={mode === 'new'}
                {...form.getInputProps('password')}
              />
              <PasswordInput
                label="Confirm password"
                autoComplete="new-password"
                {...form.getInputProps('confirmPassword')}
              />
            </>
          )}
        </>
      )}
    </RecordForm>
  );
}
