import { type Route, WEEKDAYS } from '@wd/contracts';
import { ListPage } from '../../../components/list/ListPage';
import { deleteAction, viewEdit } from '../../../components/list/row-actions';
import { allRoutes, useDeleteRoute } from '../api';

export default function RoutesListPage() {
  const remove = useDeleteRoute();
  return (
    <ListPage<Route>
      title="Routes"
      source={allRoutes}
      searchPlaceholder="Route, truck or driver"
      columns={[
        { key: 'name', title: 'Route', sortable: true },
        { key: 'driver', title: 'Driver', sortable: true },
        { key: 'truck', title: 'Truck', sortable: true },
        ...WEEKDAYS.map((day, i) => ({
          key: `day${i + 1}`,
          title: day.slice(0, 3),
          align: 'right' as const,
          render: (r: Route) => r.stopsPerDay[i] || '',
        })),
      ]}
      rowActions={(r) => [...viewEdit('routes', r.id), deleteAction(r.name, () => remove.mutateAsync(r.id))]}
      header={{ addNewTo: '/routes/new' }}
    />
  );
}
