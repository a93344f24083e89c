import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { PRODUCT_NAME } from '@wd/contracts';
import type { ReactNode } from 'react';

/** The frame of the screens shown without menu or top bar. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" bg="gray.1" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w={400} maw="100%">
        <Stack gap="xs" mb="md">
          <Text fw={800} c="blue.8">
            {PRODUCT_NAME}
          </Text>
          <Title order={1} size="h2">
            {title}
          </Title>
        </Stack>
        {children}
      </Paper>
    </Center>
  );
}
