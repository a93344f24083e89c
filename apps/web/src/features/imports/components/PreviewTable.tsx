import { Badge, Stack, Table, Text } from '@mantine/core';
import type { ImportAction, ImportField, ImportMapping, ImportRow } from '@wd/contracts';

const ACTIONS: Record<ImportAction, { label: string; color: string }> = {
  create: { label: 'Create', color: 'green' },
  update: { label: 'Update', color: 'blue' },
  unchanged: { label: 'Unchanged', color: 'gray' },
  refuse: { label: 'Refused', color: 'red' },
};

/** A row's cell for a field: by the field's key, else by the heading mapped to it. */
function cell(row: ImportRow, field: ImportField, mapping: ImportMapping): string {
  return row.cells[field.key] ?? row.cells[mapping[field.key] ?? ''] ?? '';
}

/** A short cell (a barcode, a price) on one line; a long one wrapped within 280 px, even inside a word. */
function Cell({ text }: { text: string }) {
  return (
    <div style={text.length <= 24 ? { whiteSpace: 'nowrap' } : { maxWidth: 280, overflowWrap: 'break-word' }}>
      {text}
    </div>
  );
}

/**
 * The first rows of the file: line, what happens to the row (why it is
 * refused, or what an update changes), then the mapped cells as read.
 */
export function PreviewTable({
  rows,
  fields,
  mapping,
}: {
  rows: ImportRow[];
  fields: readonly ImportField[];
  mapping: ImportMapping;
}) {
  const shown = fields.filter((f) => mapping[f.key]);
  return (
    // The scrollbar always shows: a preview wider than the page must say that more columns follow.
    <Table.ScrollContainer minWidth={Math.max(700, 260 + shown.length * 120)} scrollAreaProps={{ type: 'always' }}>
      <Table striped withTableBorder fz="sm" verticalSpacing={6} data-testid="import-preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={60}>Line</Table.Th>
            <Table.Th w={220}>Result</Table.Th>
            {shown.map((f) => (
              <Table.Th key={f.key}>{f.label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line} data-testid="import-row" data-action={row.action}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td maw={320}>
                <Stack gap={2} align="flex-start">
                  <Badge color={ACTIONS[row.action].color} variant="light">
                    {ACTIONS[row.action].label}
                  </Badge>
                  {row.errors.map((e) => (
                    <Text key={e} fz="xs" c="red.8" style={{ overflowWrap: 'break-word' }}>
                      {e}
                    </Text>
                  ))}
                  {row.notes?.map((n) => (
                    <Text key={n} fz="xs" c="orange.9" style={{ overflowWrap: 'break-word' }} data-testid="import-note">
                      {n}
                    </Text>
                  ))}
                  {row.changes?.map((c) => (
                    <Text
                      key={c.field}
                      fz="xs"
                      c="blue.8"
                      style={{ overflowWrap: 'break-word' }}
                      data-testid="import-change"
                    >
                      {c.field}: {c.before || '(empty)'} → {c.after || '(empty)'}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
              {shown.map((f) => (
                <Table.Td key={f.key}>
                  <Cell text={cell(row, f, mapping)} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
