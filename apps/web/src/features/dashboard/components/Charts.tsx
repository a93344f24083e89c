import '@mantine/charts/styles.css';
import { BarChart, CompositeChart, DonutChart } from '@mantine/charts';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type CategorySales, DASHBOARD, formatMoney } from '@wd/contracts';
import { useSalesByCategory, useSalesDaily, useTopProducts } from '../api';
import { NoData, Panel } from './Panel';

/** a palette of seven colours (six categories and Other). */
export const PALETTE = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'pink.6', 'gray.5'] as const;

const CHART_HEIGHT = 260;
const compactMoney = (n: number) =>
  n >= 1000 ? `$${(n / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })}k` : `$${Math.round(n)}`;

interface TooltipItem {
  dataKey?: string | number;
  value?: number | string;
  color?: string;
}

/** The trend's tooltip: the day, its revenue in dollars and its number of orders (each in its own unit). */
function TrendTooltip({ label, payload }: { label?: string | number; payload?: readonly TooltipItem[] }) {
  if (!payload?.length) return null;
  const value = (key: string) => Number(payload.find((p) => p.dataKey === key)?.value ?? 0);
  const orders = value('totalOrders');
  return (
    <Paper withBorder shadow="sm" p="xs" fz="sm">
      <Text fw={600} fz="sm">
        {label}
      </Text>
      <Text fz="sm">Revenue {formatMoney(value('totalRevenue'))}</Text>
      <Text fz="sm">
        {orders} {orders === 1 ? 'order' : 'orders'}
      </Text>
    </Paper>
  );
}

/** Revenue bars (left axis) and orders line (right axis), one point per day of the last 14. */
export function SalesTrendChart() {
  const query = useSalesDaily();
  return (
    <Panel title={`Sales trend (last ${DASHBOARD.trendDays} days)`} query={query}>
      {({ report }) => (
        <CompositeChart
          h={CHART_HEIGHT + 40}
          data={report.map((d) => ({ ...d, day: `${d.date.slice(5, 7)}-${d.date.slice(8, 10)}` }))}
          dataKey="day"
          series={[
            { name: 'totalRevenue', label: 'Revenue', type: 'bar', color: 'blue.6' },
            { name: 'totalOrders', label: 'Orders', type: 'line', color: 'orange.6', yAxisId: 'right' },
          ]}
          curveType="linear"
          withLegend
          withRightYAxis
          maxBarWidth={28}
          yAxisProps={{ tickFormatter: compactMoney, width: 56 }}
          rightYAxisProps={{ allowDecimals: false, width: 32 }}
          tooltipAnimationDuration={150}
          tooltipProps={{
            content: ({ label, payload }) => <TrendTooltip label={label} payload={payload as readonly TooltipItem[]} />,
          }}
        />
      )}
    </Panel>
  );
}

/** The six largest categories, the rest as Other, each with its palette colour. */
function slices(rows: CategorySales[]) {
  const top = rows.slice(0, PALETTE.length - 1);
  const rest = rows.slice(PALETTE.length - 1).reduce((sum, r) => sum + r.totalSales, 0);
  const shown = rest > 0 ? [...top, { category: 'Other', totalSales: rest }] : top;
  return shown.map((r, i) => ({ name: r.category, value: r.totalSales, color: PALETTE[i] }));
}

/** This month's sales per category as a doughnut, with its legend, and Refresh. */
export function CategoryDonut() {
  const query = useSalesByCategory();
  return (
    <Panel
      title="Sales by category"
      query={query}
      actions={
        <Button size="compact-xs" variant="light" loading={query.isFetching} onClick={() => query.refetch()}>
          Refresh
        </Button>
      }
    >
      {({ report }) => {
        if (report.length === 0) return <NoData height={CHART_HEIGHT} />;
        const data = slices(report);
        const total = data.reduce((sum, d) => sum + d.value, 0);
        return (
          <Stack gap="xs" align="center">
            <DonutChart
              data={data}
              size={170}
              thickness={26}
              withTooltip
              tooltipDataSource="segment"
              valueFormatter={formatMoney}
              chartLabel={total >= 1000 ? compactMoney(total) : formatMoney(total)}
            />
            <Stack gap={2} w="100%">
              {data.map((d) => (
                <Group key={d.name} justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                    <span
                      aria-hidden
                      style={{
                        width: 10,
                        height: 10,
                        borderRadius: 2,
                        flex: 'none',
                        background: `var(--mantine-color-${d.color.replace('.', '-')})`,
                      }}
                    />
                    <Text size="xs" truncate>
                      {d.name}
                    </Text>
                  </Group>
                  <Text size="xs" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatMoney(d.value)}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Stack>
        );
      }}
    </Panel>
  );
}

/** This month's six best sellers by quantity, as horizontal bars. */
export function TopProductsChart() {
  const query = useTopProducts();
  return (
    <Panel title={`Top ${DASHBOARD.topProducts} products this month`} query={query}>
      {({ report }) =>
        report.length === 0 ? (
          <NoData height={CHART_HEIGHT} />
        ) : (
          <BarChart
            h={CHART_HEIGHT}
            data={report.map((r) => ({
              ...r,
              label: r.productName.length > 22 ? `${r.productName.slice(0, 21)}…` : r.productName,
            }))}
            dataKey="label"
            orientation="vertical"
            series={[{ name: 'quantitySold', label: 'Units sold', color: 'teal.6' }]}
            yAxisProps={{ width: 150 }}
            xAxisProps={{ allowDecimals: false }}
            gridAxis="x"
            maxBarWidth={22}
          />
        )
      }
    </Panel>
  );
}
