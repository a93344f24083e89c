import { type AgingRow, formatDate } from '@wd/contracts';
import { DateField } from '../../../components/DateField';
import { downloadAgingCsv, reportSources } from '../api';
import { reportColumns } from '../columns';
import { ReportScreen } from '../components/ReportPage';

const params = {
  extraDefaults: { asOf: '' },
  mapExtra: (e: Record<string, string>) => ({ asOf: e.asOf }),
};

/**
 * /reports/aging (docs/receivables.md): per customer, what is still due by
 * the age of each invoice, as of a date (today when none is chosen).
 */
export function AgingPage() {
  return (
    <ReportScreen
      title="Aging"
      source={reportSources.aging}
      columns={reportColumns.aging}
      rowKey={(r: AgingRow) => r.customerId}
      rowNoun="customer"
      params={params}
      exportCsv={(filter) => downloadAgingCsv(filter)}
      words={(p, titles) => {
        const words = [p.extra.asOf ? `As of ${formatDate(p.extra.asOf)}` : 'As of today'];
        if (p.search) words.push(`Search: “${p.search}”`);
        if (p.sort)
          words.push(
            `Sorted by ${titles[p.sort.column] ?? p.sort.column}, ${p.sort.order === 'asc' ? 'ascending' : 'descending'}`,
          );
        return words;
      }}
      rowActions={(r) => [
        { label: 'Statement', to: `/customers/${r.customerId}/statement`, hidden: r.customerId === 0 },
        { label: 'View Payments', to: `/payment/customer/${r.customerId}`, hidden: r.customerId === 0 },
      ]}
      filters={(p) => (
        <DateField label="As of" w={140} clearable value={p.extra.asOf} onChange={(asOf) => p.setExtra({ asOf })} />
      )}
    />
  );
}
