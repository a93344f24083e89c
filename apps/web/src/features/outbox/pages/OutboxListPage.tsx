import { Badge, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { OUTBOX_STATUSES, type OutboxMessage } from '@wd/contracts';
import { ListPage } from '../../../components/list/ListPage';
import { formatTimestamp } from '../../../lib/format';
import { allOutboxMessages, useRetryOutboxMessage } from '../api';

const STATUS_COLORS = { queued: 'yellow', sent: 'green', failed: 'red' } as const;
const statusOptions = OUTBOX_STATUSES.map((s) => ({ value: s, label: s[0].toUpperCase() + s.slice(1) }));

export default function OutboxListPage() {
  const retry = useRetryOutboxMessage();
  const retryNow = async (m: OutboxMessage) => {
    const result = await retry.mutateAsync(m.id);
    const color = STATUS_COLORS[result.outboxMessage.status];
    notifications.show({ color, message: result.message, autoClose: 5000 });
  };
  return (
    <ListPage<OutboxMessage>
      title="Outbox"
      source={allOutboxMessages}
      searchPlaceholder="To, subject, invoice or error"
      emptyText="No messages"
      params={{ extraDefaults: { status: '' } }}
      filters={(p) => (
        <Select
          label="Status"
          placeholder="All"
          data={statusOptions}
          value={p.extra.status || null}
          onChange={(v) => p.setExtra({ status: v ?? '' })}
          clearable
          w={140}
        />
      )}
      columns={[
        {
          key: 'createdAt',
          title: 'Date',
          sortable: true,
          render: (m) => <span style={{ whiteSpace: 'nowrap' }}>{formatTimestamp(m.createdAt)}</span>,
        },
        {
          key: 'invoiceNo',
          title: 'Invoice',
          sortable: true,
          render: (m) => m.invoiceNo || (m.kind === 'statementPdf' ? 'Statement' : ''),
        },
        { key: 'to', title: 'To', sortable: true },
        { key: 'subject', title: 'Subject', sortable: true },
        {
          key: 'status',
          title: 'Status',
          sortable: true,
          width: 90,
          render: (m) => (
            <Badge
              color={STATUS_COLORS[m.status]}
              variant="light"
              style={{ overflow: 'visible' }}
              title={m.sentAt ? formatTimestamp(m.sentAt) : ''}
            >
              {m.status}
            </Badge>
          ),
        },
        { key: 'attempts', title: 'Attempts', sortable: true, align: 'right' },
        {
          key: 'lastError',
          title: 'Last error',
          render: (m) => (
            <Text size="xs" c="dimmed" lineClamp={2} title={m.lastError} maw={260}>
              {m.lastError}
            </Text>
          ),
        },
      ]}
      rowActions={(m) => [{ label: 'Retry', hidden: m.status === 'sent', run: () => retryNow(m) }]}
    />
  );
}
