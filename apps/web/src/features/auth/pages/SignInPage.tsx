import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { signInBody } from '@wd/contracts';
import { Link, useNavigate } from 'react-router';
import { useContractForm, useFormSubmit } from '../../../lib/form';
import { session } from '../../../lib/session';
import { signIn } from '../api';
import { AuthCard } from '../components/AuthCard';

export default function SignInPage() {
  const navigate = useNavigate();
  // The wire names the username `email` (the spec's sign-in call); the field is labelled Username.
  const form = useContractForm({ initialValues: { email: '', password: '' }, schema: signInBody });

  const {
    onSubmit: submit,
    error,
    busy,
  } = useFormSubmit(form, async () => {
    session.set(await signIn(signInBody.parse(form.body())));
    navigate('/', { replace: true });
  });

  return (
    <AuthCard title="Sign In">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Username" autoComplete="username" autoFocus {...form.getInputProps('email')} />
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
