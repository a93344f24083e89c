import { Alert, Card, Center, Group, Loader, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';

interface PanelProps<T> {
  title: string;
  query: UseQueryResult<T>;
  /** Buttons or links on the title's right. */
  actions?: ReactNode;
  /** The body's height while loading or failed, so the grid does not jump. */
  minHeight?: number;
  children: (data: T) => ReactNode;
}

/** A card with a title whose body is its query's data, a loader while it loads, or the error in its place. */
export function Panel<T>({ title, query, actions, minHeight = 260, children }: PanelProps<T>) {
  return (
    <Card withBorder radius="md" padding="md" h="100%" aria-label={title} component="section">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" fz="md">
          {title}
        </Title>
        {actions}
      </Group>
      {query.isPending ? (
        <Center mih={minHeight}>
          <Loader size="sm" aria-label={`Loading ${title}`} />
        </Center>
      ) : query.isError ? (
        <Alert color="red" mih={minHeight / 2} title="Could not load">
          {errorMessage(query.error)}
        </Alert>
      ) : (
        children(query.data)
      )}
    </Card>
  );
}

/** What a chart shows when the period has no sales. */
export function NoData({ height, children = 'No sales in this period' }: { height: number; children?: ReactNode }) {
  return (
    <Center h={height}>
      <Text c="dimmed" size="sm">
        {children}
      </Text>
    </Center>
  );
}
