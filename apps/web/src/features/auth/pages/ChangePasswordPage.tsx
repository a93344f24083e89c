import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showSuccess } from '../../../lib/alert';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { changePassword } from '../api';
import { AuthCard } from '../components/AuthCard';

const toggle = (what: string) => ({ 'aria-label': `Show ${what}` });

export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: {
      username: session.get()?.username ?? '',
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
    },
    validate: {
      username: (v) => (v.trim() ? null : 'Enter your username'),
      currentPassword: (v) => (v ? null : 'Enter your current password'),
      newPassword: (v) => (v.length >= 8 ? null : 'The new password must be at least 8 characters'),
      confirmPassword: (v, values) => (v === values.newPassword ? null : 'The passwords do not match'),
    },
  });

  const submit = form.onSubmit(async ({ username, currentPassword, newPassword }) => {
    setError(null);
    setBusy(true);
    try {
      await changePassword({ username: username.trim(), currentPassword, newPassword });
      // Every session of this user has been revoked, this one included.
      session.clear();
      showSuccess('Password changed. Sign in with the new password.');
      navigate('/signin', { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.field === 'newPassword') form.setFieldError('newPassword', e.fieldMessage);
      else setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthCard title="Change Password">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Username" autoComplete="username" {...form.getInputProps('username')} />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            visibilityToggleButtonProps={toggle('current password')}
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            visibilityToggleButtonProps={toggle('new password')}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            visibilityToggleButtonProps={toggle('confirm new password')}
            {...form.getInputProps('confirmPassword')}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={busy} fullWidth>
            Change Password
          </Button>
          <Anchor component={Link} to="/signin" size="sm" ta="center">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
