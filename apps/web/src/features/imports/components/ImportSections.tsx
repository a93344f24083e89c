import { LoadingOverlay, Paper, Radio, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type OnMatch = 'refuse' | 'update';
export type Mode = 'all' | 'valid';

/** One part of the import screen: a titled panel, covered by a loader while it is busy. */
export function Section({ title, children, busy }: { title: string; children: ReactNode; busy?: boolean }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title} pos="relative">
      <LoadingOverlay visible={!!busy} zIndex={5} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

/** What happens to a row that matches an existing record, and all or nothing or the valid rows only. */
export function ImportChoices({
  matchLabel,
  singular,
  onMatch,
  mode,
  disabled,
  onChange,
}: {
  matchLabel: string;
  singular: string;
  onMatch: OnMatch;
  mode: Mode;
  disabled: boolean;
  onChange(next: { onMatch?: OnMatch; mode?: Mode }): void;
}) {
  return (
    <>
      <Radio.Group label={matchLabel} value={onMatch} onChange={(v) => onChange({ onMatch: v as OnMatch })}>
        <Stack gap={6} mt={6}>
          <Radio value="refuse" label="Refuse the row" disabled={disabled} />
          <Radio value="update" label={`Update the existing ${singular}`} disabled={disabled} />
        </Stack>
      </Radio.Group>
      <Radio.Group label="Import" value={mode} onChange={(v) => onChange({ mode: v as Mode })}>
        <Stack gap={6} mt={6}>
          <Radio
            value="all"
            label="All or nothing"
            description="Any refused row and nothing is written"
            disabled={disabled}
          />
          <Radio
            value="valid"
            label="Valid rows only"
            description="The valid rows are written; the refused ones are left out"
            disabled={disabled}
          />
        </Stack>
      </Radio.Group>
    </>
  );
}
