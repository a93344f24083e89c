import { Badge, Button, Select } from '@mantine/core';
import { callRoutes, formatDate as formatDay, SETTLEMENT_STATES, type SettlementRow } from '@wd/contracts';
import { useState } from 'react';
import { downloadListCsv } from '../../../components/ExportCsvButton';
import * as Filter from '../../../components/ListFilters';
import { formatDate, formatMoney } from '../../../lib/format';
import { useDriverOptions } from '../../delivery-routes/api';
import { ReportScreen } from '../../reports/components/ReportPage';
import { listWords } from '../../reports/filter-words';
import { allSettlements } from '../api';
import { OpenSettlementModal } from '../components/OpenSettlementModal';
import { OverShort } from '../components/OverShort';

const { settlementCalls } = callRoutes;

/** Settlements by driver and period, with over/short; Settle a driver opens one. */
export default function SettlementsPage() {
  const drivers = useDriverOptions();
  const [opening, setOpening] = useState(false);
  return (
    <>
      <ReportScreen<SettlementRow, { stock: number; money: number; adjustments: number; overShort: number }>
        title="Settlements"
        source={allSettlements}
        rowKey={(s) => s.id}
        rowNoun="settlement"
        exportCsv={(filter) => downloadListCsv(settlementCalls.export, filter)}
        words={(p, titles) => {
          const driver = drivers.data?.find((d) => String(d.id) === p.extra.driver)?.username ?? 'All';
          const from = p.extra.startDate ? formatDay(p.extra.startDate) : '';
          const to = p.extra.endDate ? formatDay(p.extra.endDate) : '';
          const period =
            from && to ? `From ${from} to ${to}` : from ? `From ${from}` : to ? `Up to ${to}` : 'All dates';
          const status = p.extra.status === 'open' ? 'Open' : p.extra.status === 'closed' ? 'Closed' : 'All';
          return [`Driver: ${driver}`, period, `Status: ${status}`, ...listWords(p, titles)];
        }}
        searchPlaceholder="Driver, truck or note"
        emptyText="No settlements"
        params={{
          extraDefaults: { driver: '', startDate: '', endDate: '', status: '' },
          mapExtra: (e) => ({
            driverID: Number(e.driver) || 0,
            startDate: e.startDate,
            endDate: e.endDate,
            status: (SETTLEMENT_STATES as readonly string[]).includes(e.status) ? e.status : '',
          }),
        }}
        filters={(p) => (
          <>
            <Filter.Choice
              p={p}
              name="driver"
              label="Driver"
              w={170}
              data={(drivers.data ?? []).map((d) => ({ value: String(d.id), label: d.username }))}
            />
            <Filter.DateRange p={p} />
            <Select
              label="Status"
              placeholder="All"
              clearable
              w={110}
              data={[
                { value: 'open', label: 'Open' },
                { value: 'closed', label: 'Closed' },
              ]}
              value={p.extra.status || null}
              onChange={(v) => p.setExtra({ status: v ?? '' })}
            />
          </>
        )}
        actions={<Button onClick={() => setOpening(true)}>Settle a driver</Button>}
        rowActions={(s) => [{ label: 'Open', to: `/settlements/${s.id}`, opens: true }]}
        columns={(totals) => [
          { key: 'date', title: 'Day', sortable: true, render: (s) => formatDate(s.date) },
          { key: 'driver', title: 'Driver', sortable: true },
          { key: 'truck', title: 'Truck', sortable: true },
          {
            key: 'status',
            title: 'Status',
            sortable: true,
            render: (s) => (
              <Badge color={s.status === 'open' ? 'yellow' : 'gray'} variant="light">
                {s.status === 'open' ? 'Open' : 'Closed'}
              </Badge>
            ),
          },
          {
            key: 'stock',
            title: 'Stock',
            align: 'right',
            render: (s) => formatMoney(s.stock),
            footer: totals ? formatMoney(totals.stock) : null,
          },
          {
            key: 'money',
            title: 'Money',
            align: 'right',
            render: (s) => formatMoney(s.money),
            footer: totals ? formatMoney(totals.money) : null,
          },
          {
            key: 'adjustments',
            title: 'Adjustments',
            align: 'right',
            render: (s) => formatMoney(s.adjustments),
            footer: totals ? formatMoney(totals.adjustments) : null,
          },
          {
            key: 'overShort',
            title: 'Over/short',
            sortable: true,
            align: 'right',
            render: (s) => <OverShort value={s.overShort} />,
            footer: totals ? <OverShort value={totals.overShort} testId="settlements-total-over-short" /> : null,
          },
        ]}
      />
      <OpenSettlementModal opened={opening} onClose={() => setOpening(false)} />
    </>
  );
}
