import { Button, Group, Modal, Progress, Stack, Table, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { EMAIL_BOUNDS, type EmailOptions, emailOptions } from '@wd/contracts';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useSettings } from '../../../lib/settings';
import { useSendInvoice } from '../api';
import { addressTags, badCopy } from '../send';

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

/** The template every selected invoice's e-mail is written from (placeholders filled per invoice). */
type Template = { cc: string[]; subject: string; message: string };

/**
 * E-mails the PDF of each selected invoice: first the template they share
 * (subject and message from Settings, editable, copies), then one after the
 * other with a progress bar, then what happened to each (sent, queued in the
 * outbox, or the server's reason: no e-mail address, walk-in …).
 */
export function BulkEmailModal({ targets, onClose }: { targets: BulkTarget[] | null; onClose: () => void }) {
  const send = useSendInvoice('pdf');
  const { settings } = useSettings();
  const [template, setTemplate] = useState<Template>({ cc: [], subject: '', message: '' });
  const [templateError, setTemplateError] = useState<string | null>(null);
  const [started, setStarted] = useState<BulkTarget[] | null>(null);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const running = useRef<BulkTarget[] | null>(null);
  const total = targets?.length ?? 0;
  const composing = targets !== null && started !== targets;
  const done = !composing && outcomes.length === total && total > 0;

  // A new selection starts at the template, taken from Settings.
  useEffect(() => {
    if (!targets) return;
    setTemplate({ cc: [], subject: settings.emailSubject, message: settings.emailMessage });
    setTemplateError(null);
    setOutcomes([]);
  }, [targets, settings.emailSubject, settings.emailMessage]);

  const start = () => {
    const parsed = emailOptions.safeParse(template);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setTemplateError(
        issue.path[0] === 'cc' && issue.path.length > 1
          ? badCopy(template.cc, issue.path[1])
          : `${String(issue.path[0])} ${issue.message}`,
      );
      return;
    }
    setStarted(targets);
  };

  useEffect(() => {
    if (!started || running.current === started) return;
    running.current = started;
    setOutcomes([]);
    const email: EmailOptions = template;
    (async () => {
      for (const t of started) {
        if (running.current !== started) return;
        let outcome: Outcome;
        try {
          const result = await send.mutateAsync({ id: t.id, email });
          const status = result.outboxMessage.status === 'sent' ? 'sent' : result.outboxMessage.status;
          outcome = { ...t, status, message: result.message };
        } catch (error) {
          outcome = { ...t, status: 'refused', message: errorMessage(error) };
        }
        setOutcomes((list) => [...list, outcome]);
      }
    })();
  }, [started, send.mutateAsync, template]);

  const close = () => {
    running.current = null;
    setStarted(null);
    onClose();
  };

  if (composing) {
    return (
      <Modal opened onClose={close} title="E-mail invoices" size="lg">
        <Stack gap="sm">
          <Text fz="sm">
            {total} invoice{total === 1 ? '' : 's'}, each as a PDF to its customer's address. The placeholders are
            filled in for each invoice.
          </Text>
          <TagsInput
            label="Cc (every e-mail)"
            splitChars={[',', ' ', ';']}
            maxTags={EMAIL_BOUNDS.cc}
            value={template.cc}
            onChange={(cc) => setTemplate((t) => ({ ...t, cc: addressTags(cc) }))}
          />
          <TextInput
            label="Subject"
            maxLength={EMAIL_BOUNDS.subject}
            value={template.subject}
            onChange={(e) => {
              const subject = e.currentTarget.value;
              setTemplate((t) => ({ ...t, subject }));
            }}
          />
          <Textarea
            label="Message"
            autosize
            minRows={6}
            maxRows={14}
            maxLength={EMAIL_BOUNDS.message}
            value={template.message}
            onChange={(e) => {
              const message = e.currentTarget.value;
              setTemplate((t) => ({ ...t, message }));
            }}
          />
          {templateError && (
            <Text c="red" role="alert" fz="sm">
              {templateError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            {/* The template is filled in: the dialog opens on Send (Enter sends, Tab goes back to the fields). */}
            <Button onClick={start} data-autofocus>
              Send {total} e-mail{total === 1 ? '' : 's'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

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
