import { Grid, Stack } from '@mantine/core';
import { PageTitle } from '../../../components/PageTitle';
import { CategoryDonut, SalesTrendChart, TopProductsChart } from '../components/Charts';
import { RecentOrders } from '../components/RecentOrders';
import { StatCards } from '../components/StatCards';

/** /dashboard: the four cards, the sales trend and category doughnut, the top products and the recent orders. */
export default function DashboardPage() {
  return (
    <Stack gap="md">
      <PageTitle title="Dashboard" />
      <StatCards />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <SalesTrendChart />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <CategoryDonut />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <TopProductsChart />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <RecentOrders />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
