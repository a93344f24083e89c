import { auditMenu } from '../features/audit/routes';
import { billersMenu } from '../features/billers/routes';
import { customersMenu } from '../features/customers/routes';
import { dashboardMenu } from '../features/dashboard/routes';
import { deliveryRoutesMenu } from '../features/delivery-routes/routes';
import { deviceFlagsMenuEntry } from '../features/device-flags/routes';
import { expensesMenu } from '../features/expenses/routes';
import { importMenu } from '../features/imports/routes';
import { invoicesMenu } from '../features/invoices/routes';
import { outboxMenu } from '../features/outbox/routes';
import { priceGroupsMenu } from '../features/price-groups/routes';
import { productGroupsMenu } from '../features/product-groups/routes';
import { productsMenu } from '../features/products/routes';
import { reportsMenu } from '../features/reports/routes';
import { settingsMenu } from '../features/settings/routes';
import { settlementsMenuEntry } from '../features/settlements/routes';
import { stockMenu } from '../features/stock/routes';
import { suppliersMenu } from '../features/suppliers/routes';
import { usersMenu } from '../features/users/routes';
import type { MenuSection } from '../lib/route-types';

/** The side menu: each area adds its section when it lands (no entries for areas not built). */
export const menu: MenuSection[] = [
  dashboardMenu,
  usersMenu,
  productsMenu,
  { ...stockMenu, entries: [...stockMenu.entries, settlementsMenuEntry] },
  invoicesMenu,
  priceGroupsMenu,
  productGroupsMenu,
  billersMenu,
  customersMenu,
  { ...deliveryRoutesMenu, entries: [...deliveryRoutesMenu.entries, deviceFlagsMenuEntry] },
  importMenu,
  reportsMenu,
  expensesMenu,
  suppliersMenu,
  outboxMenu,
  auditMenu,
  settingsMenu,
];
