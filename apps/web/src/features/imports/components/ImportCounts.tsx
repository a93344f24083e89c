import { Group, Paper, Text } from '@mantine/core';

export interface Counts {
  total: number;
  create: number;
  update: number;
  unchanged: number;
  refuse: number;
}

const number = (n: number) => n.toLocaleString('en-US');

/** The rows of a file by what happens to them; `past` words them as done (after the import). */
export function ImportCounts({ counts, past = false }: { counts: Counts; past?: boolean }) {
  const cells: { key: keyof Counts; label: string; color?: string }[] = [
    { key: 'total', label: 'Rows in the file' },
    { key: 'create', label: past ? 'Created' : 'To create', color: counts.create ? 'green.8' : undefined },
    { key: 'update', label: past ? 'Updated' : 'To update', color: counts.update ? 'blue.8' : undefined },
    { key: 'unchanged', label: 'Unchanged' },
    { key: 'refuse', label: 'Refused', color: counts.refuse ? 'red.8' : undefined },
  ];
  return (
    <Group gap="sm" wrap="wrap">
      {cells.map((c) => (
        <Paper key={c.key} withBorder radius="sm" px="md" py={6} miw={120} data-testid={`count-${c.key}`}>
          <Text fz="xs" c="dimmed">
            {c.label}
          </Text>
          <Text fz="lg" fw={700} c={c.color}>
            {number(counts[c.key])}
          </Text>
        </Paper>
      ))}
    </Group>
  );
}
