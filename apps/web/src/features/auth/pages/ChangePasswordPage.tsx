import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { changePasswordBody } from '@wd/contracts';
import { Link, useNavigate } from 'react-router';
import { showSuccess } from '../../../lib/alert';
import { useContractForm, useFormSubmit } from '../../../lib/form';
import { session } from '../../../lib/session';
import { changePassword } from '../api';
import { AuthCard } from '../components/AuthCard';

const toggle = (what: string) => ({ 'aria-label': `Show ${what}` });

/** The call's body, and the new password typed twice alike. */
const changeForm = changePasswordBody
  .extend({ confirmPassword: changePasswordBody.shape.newPassword.optional() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });

export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const form = useContractForm({
    initialValues: {
      username: session.get()?.username ?? '',
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
    },
    schema: changeForm,
  });

  const {
    onSubmit: submit,
    error,
    busy,
  } = useFormSubmit(form, async ({ username, currentPassword, newPassword }) => {
    await changePassword({ username: username.trim(), currentPassword, newPassword });
    // Every session of this user has been revoked, this one included.
    session.clear();
    showSuccess('Password changed. Sign in with the new password.');
    navigate('/signin', { replace: true });
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
