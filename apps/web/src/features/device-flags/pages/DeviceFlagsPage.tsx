import { Anchor, Badge, Select, Text } from '@mantine/core';
import { DEVICE_FLAG_STATES, type DeviceFlagRecord, type DeviceFlagState } from '@wd/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPage } from '../../../components/list/ListPage';
import { formatTimestamp } from '../../../lib/format';
import { allDeviceFlags } from '../api';
import { SettleFlagModal } from '../components/SettleFlagModal';
import { DEVICE_FLAG_KIND_LABELS, DEVICE_FLAG_STATE_OPTIONS } from '../kinds';

/** The URL's state, or Open when it is none of the states. */
const stateOf = (value: string): DeviceFlagState =>
  (DEVICE_FLAG_STATES as readonly string[]).includes(value) ? (value as DeviceFlagState) : 'open';

function FlagStatus({ flag }: { flag: DeviceFlagRecord }) {
  if (!flag.resolvedAt) {
    return (
      <Badge color="yellow" variant="light">
        Open
      </Badge>
    );
  }
  return (
    <Text size="sm" title={formatTimestamp(flag.resolvedAt)} maw={280}>
      <b>Settled</b>
      {flag.resolvedBy ? ` by ${flag.resolvedBy}` : ''}: {flag.note}
    </Text>
  );
}

/** What drivers' syncs stored differently from the office's data; the office settles each with a note. */
export default function DeviceFlagsPage() {
  const [settling, setSettling] = useState<DeviceFlagRecord | null>(null);
  return (
    <>
      <ListPage<DeviceFlagRecord>
        title="Driver Flags"
        source={allDeviceFlags}
        searchPlaceholder="Message, driver or invoice"
        emptyText="No flags"
        params={{ extraDefaults: { state: 'open' }, mapExtra: (e) => ({ state: stateOf(e.state) }) }}
        filters={(p) => (
          <Select
            label="State"
            data={DEVICE_FLAG_STATE_OPTIONS}
            value={stateOf(p.extra.state)}
            onChange={(v) => v && p.setExtra({ state: v })}
            allowDeselect={false}
            w={120}
          />
        )}
        columns={[
          {
            key: 'createdAt',
            title: 'Date',
            sortable: true,
            render: (f) => <span style={{ whiteSpace: 'nowrap' }}>{formatTimestamp(f.createdAt)}</span>,
          },
          { key: 'driver', title: 'Driver', sortable: true },
          {
            key: 'invoiceNo',
            title: 'Invoice',
            render: (f) =>
              f.invoiceID ? (
                <Anchor component={Link} to={`/invoices/${f.invoiceID}`} size="sm">
                  {f.invoiceNo}
                </Anchor>
              ) : (
                ''
              ),
          },
          { key: 'kind', title: 'Kind', sortable: true, render: (f) => DEVICE_FLAG_KIND_LABELS[f.kind] ?? f.kind },
          {
            key: 'message',
            title: 'Message',
            render: (f) => (
              <Text size="sm" maw={360}>
                {f.message}
              </Text>
            ),
          },
          { key: 'status', title: 'Status', render: (f) => <FlagStatus flag={f} /> },
        ]}
        rowActions={(f) => [
          { label: 'Settle', hidden: f.resolvedAt !== null, reload: false, run: () => setSettling(f) },
        ]}
      />
      <SettleFlagModal flag={settling} onClose={() => setSettling(null)} />
    </>
  );
}
