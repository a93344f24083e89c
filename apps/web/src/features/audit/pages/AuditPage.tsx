import { Badge, Stack, Text } from '@mantine/core';
import { AUDIT_ACTIONS, type AuditEntry } from '@wd/contracts';
import * as Filter from '../../../components/ListFilters';
import { ListPage } from '../../../components/list/ListPage';
import { TypeSelect } from '../../../components/TypeSelect';
import { formatTimestamp } from '../../../lib/format';
import { auditTrail, useAuditEntities, useAuditUsers } from '../api';

const ACTION_COLORS = { create: 'green', update: 'blue', delete: 'red', recover: 'yellow' } as const;
/** How many changed fields a row shows before "and N more" (the rest in its tooltip). */
const SHOWN = 6;

/** "field: before → after" per changed field; a value cut at 80 characters (the whole one in the tooltip). */
function Changes({ entry }: { entry: AuditEntry }) {
  const cut = (v: string) => (v.length > 80 ? `${v.slice(0, 80)}…` : v);
  const line = (c: AuditEntry['changes'][number]) =>
    entry.action === 'update'
      ? `${c.field}: ${cut(c.before)} → ${cut(c.after)}`
      : `${c.field}: ${cut(c.before || c.after)}`;
  const all = entry.changes.map((c) => `${c.field}: ${c.before} → ${c.after}`).join('\n');
  return (
    <Stack gap={0} title={all} data-testid="audit-changes">
      {entry.changes.slice(0, SHOWN).map((c) => (
        <Text key={c.field} fz="xs" style={{ wordBreak: 'break-word' }}>
          {line(c)}
        </Text>
      ))}
      {entry.changes.length > SHOWN && (
        <Text fz="xs" c="dimmed">
          and {entry.changes.length - SHOWN} more
        </Text>
      )}
      {entry.changes.length === 0 && (
        <Text fz="xs" c="dimmed">
          no field changed
        </Text>
      )}
    </Stack>
  );
}

/**
 * /audit (admins, docs/audit.md): every recorded change, newest first, with
 * who made it and the fields it changed; filters by user, record kind,
 * action, dates and text, all in the URL (`?entity=product&entityId=5` is one
 * record's history).
 */
export default function AuditPage() {
  const entities = useAuditEntities();
  const users = useAuditUsers();
  return (
    <ListPage<AuditEntry>
      title="Audit Trail"
      source={auditTrail}
      searchPlaceholder="Entity, user or any value"
      emptyText="No changes recorded"
      params={{
        extraDefaults: { userId: '', entity: '', entityId: '', action: '', startDate: '', endDate: '' },
        mapExtra: (e) => ({
          userId: e.userId ? Number(e.userId) : '',
          entity: e.entity,
          entityId: e.entityId ? Number(e.entityId) : '',
          action: e.action,
          startDate: e.startDate,
          endDate: e.endDate,
        }),
      }}
      numbered={false}
      filters={(p) => (
        <>
          <TypeSelect
            label="User"
            placeholder="All"
            clearable
            w={150}
            data={(users.data ?? []).map((u) => ({ value: String(u.id), label: u.username }))}
            value={p.extra.userId || null}
            onChange={(v) => p.setExtra({ userId: v ?? '' })}
          />
          <TypeSelect
            label="Entity"
            placeholder="All"
            clearable
            w={190}
            data={entities.data ?? []}
            value={p.extra.entity || null}
            onChange={(v) => p.setExtra({ entity: v ?? '', entityId: '' })}
          />
          <Filter.Choice p={p} name="action" label="Action" w={120} data={[...AUDIT_ACTIONS]} />
          <Filter.DateRange p={p} />
        </>
      )}
      columns={[
        {
          key: 'createdAt',
          title: 'When',
          sortable: true,
          render: (e) => <span style={{ whiteSpace: 'nowrap' }}>{formatTimestamp(e.createdAt)}</span>,
        },
        { key: 'user', title: 'User', sortable: true, maxWidth: 110 },
        {
          key: 'entity',
          title: 'Record',
          sortable: true,
          render: (e) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              {e.entity}
              {e.entityId ? ` #${e.entityId}` : ''}
            </span>
          ),
        },
        {
          key: 'action',
          title: 'Action',
          sortable: true,
          render: (e) => (
            <Badge color={ACTION_COLORS[e.action]} variant="light">
              {e.action}
            </Badge>
          ),
        },
        { key: 'changes', title: 'Changes', render: (e) => <Changes entry={e} /> },
      ]}
    />
  );
}
