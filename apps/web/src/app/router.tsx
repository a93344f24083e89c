import { createBrowserRouter, redirect } from 'react-router';
import { OfficeShortcuts } from '../components/Shortcuts';
import { auditRoutes } from '../features/audit/routes';
import { authRoutes } from '../features/auth/routes';
import { billersRoutes } from '../features/billers/routes';
import { receiptsRoutes } from '../features/customers/receipts/routes';
import { customersRoutes } from '../features/customers/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { deliveryRoutesRoutes } from '../features/delivery-routes/routes';
import { deviceFlagsRoutes } from '../features/device-flags/routes';
import { driverRoutes } from '../features/driver/routes';
import { expensesRoutes } from '../features/expenses/routes';
import { importRoutes } from '../features/imports/routes';
import { invoicesRoutes } from '../features/invoices/routes';
import { outboxRoutes } from '../features/outbox/routes';
import { paymentsRoutes } from '../features/payments/routes';
import { priceGroupsRoutes } from '../features/price-groups/routes';
import { productGroupsRoutes } from '../features/product-groups/routes';
import { productsRoutes } from '../features/products/routes';
import { receivablesRoutes } from '../features/receivables/routes';
import { reportsRoutes } from '../features/reports/routes';
import { settingsRoutes } from '../features/settings/routes';
import { settlementsRoutes } from '../features/settlements/routes';
import { stockRoutes } from '../features/stock/routes';
import { supplierInvoicesRoutes } from '../features/supplier-invoices/routes';
import { suppliersRoutes } from '../features/suppliers/routes';
import { usersRoutes } from '../features/users/routes';
import { requireAuth } from '../lib/guards';
import { setNavigating } from '../lib/navigation-state';
import type { AppRoute } from '../lib/route-types';
import { session } from '../lib/session';
import { loadSettings } from '../lib/settings';
import { Layout } from './Layout';
import NotFoundPage from './NotFoundPage';
import { Root, StartupLoader } from './Root';

/** Every area's routes that need a signed-in user; a new area adds its list here. */
const signedInRoutes: AppRoute[] = [
  ...dashboardRoutes,
  ...invoicesRoutes,
  ...paymentsRoutes,
  ...productsRoutes,
  ...stockRoutes,
  ...settlementsRoutes,
  ...priceGroupsRoutes,
  ...productGroupsRoutes,
  ...billersRoutes,
  ...customersRoutes,
  ...deliveryRoutesRoutes,
  ...deviceFlagsRoutes,
  ...expensesRoutes,
  ...supplierInvoicesRoutes,
  ...suppliersRoutes,
  ...usersRoutes,
  ...outboxRoutes,
  ...reportsRoutes,
  ...receivablesRoutes,
  ...receiptsRoutes,
  ...settingsRoutes,
  ...auditRoutes,
  ...importRoutes,
];

/** The office's frame and its keyboard shortcuts (Alt+N, `?`). */
function OfficeLayout() {
  return (
    <>
      <Layout />
      <OfficeShortcuts />
    </>
  );
}

const routes: AppRoute[] = [
  {
    Component: Root,
    HydrateFallback: StartupLoader,
    children: [
      ...authRoutes,
      driverRoutes,
      {
        path: '/',
        // The settings (page sizes …) are read once here, before the first list shows. With a stored
        // session they are asked for beside the session check, not after it (a round trip less).
        loader: async () => {
          const settings = session.get() ? loadSettings() : undefined;
          await requireAuth();
          await (settings ?? loadSettings());
          return null;
        },
        Component: OfficeLayout,
        children: [
          // A driver starts on the route screens; the office on the invoices.
          { index: true, loader: () => redirect(session.get()?.driver ? '/driver' : '/invoices') },
          ...signedInRoutes,
          { path: '*', handle: { title: 'Page not found' }, Component: NotFoundPage },
        ],
      },
    ],
  },
];

/**
 * The app's router. Creating it starts the first address's loaders and its page's code, which is
 * work enough to be a task of its own (main.tsx calls this after the modules' evaluation).
 */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // Read synchronously by pending work (a waiting search) that must not undo a navigation.
  router.subscribe((state) => setNavigating(state.navigation.state !== 'idle'));
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
