import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { session } from '../../../lib/session';

/** Where / lands: the invoice list's empty state until the invoices area exists. */
export default function InvoicesEmptyState() {
  const user = useSyncExternalStore(session.subscribe, session.get);
  return (
    <Stack gap="md">
      <Title order={2}>Invoices</Title>
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="sm" py="lg">
          <Text fw={600} fz="lg">
            No invoices yet
          </Text>
          <Text c="dimmed" ta="center" maw={480}>
            Invoices you create will be listed here with their totals, payments and balances.
          </Text>
          {user?.type === 'admin' && (
            <Group>
              <Button component={Link} to="/users" variant="light">
                Manage users
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
