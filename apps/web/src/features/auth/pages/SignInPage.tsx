import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { signIn } from '../api';
import { AuthCard } from '../components/AuthCard';

export default function SignInPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: (v) => (v.trim() ? null : 'Enter your username'),
      password: (v) => (v ? null : 'Enter your password'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setBusy(true);
    try {
      session.set(await signIn({ email: values.username.trim(), password: values.password }));
      navigate('/', { replace: true });
    } catch (e) {
      console.error('Sign-in failed', e);
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthCard title="Sign In">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Username" autoComplete="username" autoFocus {...form.getInputProps('username')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
            {...form.getInputProps('password')}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={busy} fullWidth>
            Sign In
          </Button>
          <Anchor component={Link} to="/changePassword" size="sm" ta="center">
            Change password
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
