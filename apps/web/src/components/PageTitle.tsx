import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useShellTitle } from '../lib/app-shell';

/** A screen's title with its buttons on the right. */
export function PageTitle({ title, children }: { title: ReactNode; children?: ReactNode }) {
  useShellTitle(title);
  return (
    <Group justify="space-between" align="center" wrap="wrap">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children && <Group gap="xs">{children}</Group>}
    </Group>
  );
}
