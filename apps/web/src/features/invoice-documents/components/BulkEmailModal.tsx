import { Button, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useSendInvoice } from '../api';

export interface BulkTarget {
  id: number;
  invoiceNo: string;
}

interface Outcome {
  id: number;
  invoiceNo: string;
  status: 'sent' | 'queued' | 'failed' | 'refused';
  message: string;
}

const COLORS: Record<Outcome['status'], string> = { sent: 'green', queued: 'yellow', failed: 'red', refused: 'red' };
const WORDS: Record<Outcome['status'], string> = {
  sent: 'Sent',
  queued: 'Queued',
  failed: 'Failed',
  refused: 'Not sent',
};

/**
 * E-mails the PDF of each selected invoice, one after the other, with a
 * progress bar, then lists what happened to each (sent, queued in the outbox,
 * or the server's reason: no e-mail address, walk-in …).
 */
export function BulkEmailModal({ targets, onClose }: { targets: BulkTarget[] | null; onClose: () => void }) {
  const send = useSendInvoice('pdf');
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const running = useRef<BulkTarget[] | null>(null);
  const total = targets?.length ?? 0;
  const done = outcomes.length === total && total > 0;

  useEffect(() => {
    if (!targets || running.current === targets) return;
    running.current = targets;
    setOutcomes([]);
    (async () => {
      for (const t of targets) {
        if (running.current !== targets) return;
        let outcome: Outcome;
        try {
          const result = await send.mutateAsync(t.id);
          const status = result.outboxMessage.status === 'sent' ? 'sent' : result.outboxMessage.status;
          outcome = { ...t, status, message: result.message };
        } catch (error) {
          outcome = { ...t, status: 'refused', message: errorMessage(error) };
        }
        setOutcomes((list) => [...list, outcome]);
      }
    })();
  }, [targets, send.mutateAsync]);

  const close = () => {
    running.current = null;
    onClose();
  };

  return (
    <Modal opened={targets !== null} onClose={close} title="E-mail invoices" size="lg" closeOnClickOutside={done}>
      <Stack gap="sm">
        <Text fz="sm" data-testid="bulk-email-progress-text">
          {done ? `Done: ${total} invoice${total === 1 ? '' : 's'}` : `Sending ${outcomes.length + 1} of ${total}…`}
        </Text>
        <Progress
          value={total ? (100 * outcomes.length) / total : 0}
          animated={!done}
          aria-label="E-mail progress"
          data-testid="bulk-email-progress"
        />
        {outcomes.length > 0 && (
          <Table fz="sm" data-testid="bulk-email-results">
            <Table.Tbody>
              {outcomes.map((o) => (
                <Table.Tr key={o.id} data-testid="bulk-email-result">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{o.invoiceNo}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text fz="sm" fw={700} c={COLORS[o.status]}>
                      {WORDS[o.status]}
                    </Text>
                  </Table.Td>
                  <Table.Td>{o.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant={done ? 'filled' : 'default'} onClick={close}>
            {done ? 'Close' : 'Stop'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
