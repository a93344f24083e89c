import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">There is no page at this address.</Text>
        <Button component={Link} to="/">
          Go to invoices
        </Button>
      </Stack>
    </Paper>
  );
}
