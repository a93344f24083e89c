import { Kbd, Modal, Table, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { isTyping, SHORTCUTS } from '../lib/shortcuts';

/** Shortcuts that work in every field: Alt with a letter is never text. */
export const IN_FIELDS: string[] = [];

/**
 * The shortcuts of every office screen: Alt+N opens a new invoice, `?` (outside a text field)
 * lists every shortcut. Screens add their own with `useHotkeys` and the same list (lib/shortcuts.ts).
 */
export function OfficeShortcuts() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  useHotkeys([[SHORTCUTS.newInvoice.keys, () => navigate('/invoices/new')]], IN_FIELDS);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === '?' && !e.altKey && !e.ctrlKey && !e.metaKey && !isTyping(e.target)) setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Modal opened={open} onClose={() => setOpen(false)} title="Keyboard shortcuts" size="md">
      <Table fz="sm" data-testid="shortcuts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Keys</Table.Th>
            <Table.Th>Does</Table.Th>
            <Table.Th>Where</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {Object.values(SHORTCUTS).map((s) => (
            <Table.Tr key={s.keys}>
              <Table.Td>
                <Kbd>{s.label}</Kbd>
              </Table.Td>
              <Table.Td>{s.what}</Table.Td>
              <Table.Td>{s.where}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text fz="xs" c="dimmed" mt="sm">
        Scanning, Enter in a quantity and picking a customer put the cursor back in the scan box.
      </Text>
    </Modal>
  );
}
