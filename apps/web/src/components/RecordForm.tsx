import { Alert, Button, Center, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { showSuccess } from '../lib/alert';
import { useFormSubmit } from '../lib/form';

interface RecordFormProps<V extends Record<string, unknown>> {
  title: ReactNode;
  form: UseFormReturnType<V>;
  /** Absent: the form is read-only and offers Edit and Back. Present: Save and Back. */
  onSubmit?: (values: V) => Promise<unknown>;
  /** Where Edit goes in view mode. */
  editTo?: string;
  backTo: string;
  /** Where a successful save goes (the list by default). */
  afterSaveTo?: string;
  savedMessage?: string;
  /** The record is still loading. */
  loading?: boolean;
  /** The record could not be loaded: this text replaces the form. */
  loadError?: string | null;
  children: (readOnly: boolean) => ReactNode;
}

/**
 * The shared record form: view mode (Edit, Back) or edit mode (Save, Back). Its form is a
 * useContractForm (validated by the contract's schema); the server's field errors show on the
 * field and other errors above the buttons (useFormSubmit).
 */
export function RecordForm<V extends Record<string, unknown>>({
  title,
  form,
  onSubmit,
  editTo,
  backTo,
  afterSaveTo,
  savedMessage = 'Saved',
  loading,
  loadError,
  children,
}: RecordFormProps<V>) {
  const navigate = useNavigate();
  const readOnly = !onSubmit;
  const {
    onSubmit: submit,
    error,
    busy: saving,
  } = useFormSubmit(form, async (values) => {
    if (!onSubmit) return;
    await onSubmit(values);
    showSuccess(savedMessage);
    navigate(afterSaveTo ?? backTo);
  });

  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder p="lg" radius="md">
        {loadError ? (
          <Stack>
            <Alert color="red" role="alert">
              {loadError}
            </Alert>
            <Group>
              <Button variant="default" component={Link} to={backTo}>
                Back
              </Button>
            </Group>
          </Stack>
        ) : loading ? (
          <Center py="xl">
            <Loader aria-label="Loading" />
          </Center>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              {children(readOnly)}
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <Group justify="flex-end" mt="sm">
                <Button variant="default" component={Link} to={backTo}>
                  Back
                </Button>
                {readOnly ? (
                  editTo && (
                    <Button component={Link} to={editTo}>
                      Edit
                    </Button>
                  )
                ) : (
                  <Button type="submit" loading={saving}>
                    Save
                  </Button>
                )}
              </Group>
            </Stack>
          </form>
        )}
      </Paper>
    </Stack>
  );
}
