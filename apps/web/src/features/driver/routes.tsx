import { requireAuth } from '../../lib/guards';
import { type AppRoute, page } from '../../lib/route-types';

/**
 * The driver's screens (docs/route-mode.md): read from the device's storage, so they open without
 * signal. Signing in is only checked against the server when it answers.
 */
export const driverRoutes: AppRoute = {
  path: '/driver',
  loader: async () => {
    await requireAuth();
    return null;
  },
  lazy: async () => ({ Component: (await import('./components/DriverLayout')).DriverLayout }),
  children: [
    { index: true, handle: { title: "Today's Stops" }, lazy: page(() => import('./pages/DriverHomePage')) },
    { path: 'stop/:customerID', handle: { title: 'Stop' }, lazy: page(() => import('./pages/StopPage')) },
    { path: 'invoice/:localId', handle: { title: 'Invoice' }, lazy: page(() => import('./pages/DriverInvoicePage')) },
    { path: 'print/:localId', handle: { title: 'Print' }, lazy: page(() => import('./pages/DriverPrintPage')) },
    { path: 'queue', handle: { title: 'Sync' }, lazy: page(() => import('./pages/QueuePage')) },
    { path: 'truck', handle: { title: 'Truck Stock' }, lazy: page(() => import('./pages/TruckStockPage')) },
  ],
};
