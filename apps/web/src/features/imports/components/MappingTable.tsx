import { Table, Text } from '@mantine/core';
import type { ImportField, ImportMapping } from '@wd/contracts';
import { TypeSelect } from '../../../components/TypeSelect';

/**
 * One row per importable field: its label (* when a new record needs it) and
 * the file's column that fills it (cleared: not imported).
 */
export function MappingTable({
  fields,
  headings,
  mapping,
  disabled,
  onChange,
}: {
  fields: readonly ImportField[];
  headings: string[];
  mapping: ImportMapping;
  disabled?: boolean;
  onChange: (key: string, heading: string | null) => void;
}) {
  // A heading written twice in the file is one choice; an empty heading can't be chosen.
  const data = [...new Set(headings)].filter((h) => h.trim() !== '');
  const usedBy = (heading: string, key: string) =>
    fields.find((f) => f.key !== key && mapping[f.key] === heading)?.label ?? null;
  return (
    <Table withTableBorder verticalSpacing={6} fz="sm" data-testid="import-mapping">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="40%">Field</Table.Th>
          <Table.Th>Column in your file</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((field) => {
          const value = mapping[field.key] || null;
          const other = value ? usedBy(value, field.key) : null;
          return (
            <Table.Tr key={field.key}>
              <Table.Td>
                <Text fz="sm" fw={field.required ? 600 : undefined}>
                  {field.label}
                  {field.required && (
                    <Text span c="red" ml={4} aria-hidden>
                      *
                    </Text>
                  )}
                </Text>
              </Table.Td>
              <Table.Td>
                <TypeSelect
                  aria-label={field.label}
                  size="xs"
                  data={value && !data.includes(value) ? [...data, value] : data}
                  value={value}
                  onChange={(heading) => onChange(field.key, heading)}
                  placeholder="Not imported"
                  clearable
                  clearButtonProps={{ 'aria-label': `Clear ${field.label}` }}
                  disabled={disabled}
                  nothingFoundMessage="No such column"
                  error={
                    other
                      ? `Also mapped to ${other}`
                      : field.required && !value
                        ? 'Required for new records'
                        : undefined
                  }
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
