import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect } from '@playwright/test';
import { apiCall, apiToken, createProduct, createUser, uniqueName } from './support';

/*
 * What the accessibility walk (accessibility.spec.ts) visits: one record of each kind the :id
 * screens show, made through the API, and every office screen of the route tables.
 */

/** The id of the one record an API answer holds (`{ customer: { id } }`, `{ biller: { id } }` …). */
function idOf(answer: Record<string, unknown>): number {
  const record = Object.values(answer).find((v) => v && typeof v === 'object' && 'id' in v) as { id: number };
  expect(record, JSON.stringify(answer)).toBeTruthy();
  return record.id;
}

/** One of every record the routes with an :id show, made through the API. */
export async function createRecords(request: APIRequestContext) {
  const token = await apiToken(request);
  const tag = uniqueName('A11y');
  const call = (path: string, data?: unknown, method = 'post') => apiCall(request, token, path, data, method);
  const product = await createProduct(request, token, { name: `Cola ${tag}`, sellingPrice: 1.25 });
  const customer = idOf(await call('/api/customer/new/', { company: `Corner Market ${tag}` }));
  const biller = idOf(await call('/api/supplier/new/', { company: `Biller ${tag}`, city: 'Austin' }));
  const supplier = idOf(await call('/api/distributor/insert/', { company: `Supplier ${tag}` }));
  const supplierInvoice = idOf(
    await call('/api/distributor/invoices/insert/', {
      date: '2026-11-02',
      distributorID: supplier,
      invoiceNo: String(Date.now() % 1_000_000),
      amountPurchase: 120,
      note: 'Cases',
    }),
  );
  const expense = idOf(
    await call('/api/expenses/insert/', {
      date: '2026-11-02',
      billerID: biller,
      expense: tag,
      category: 'Truck',
      amount: 20,
    }),
  );
  const user = (await createUser(request, uniqueName('a11y'), 'a11y-password')).id;
  await call('/api/user/update/', { id: user, driver: true }, 'patch');
  const route = idOf(
    await call('/api/route/new/', {
      name: `Loop ${tag}`,
      driverID: user,
      truck: 'Van 3',
      stops: [{ weekday: 1, customerID: customer }],
    }),
  );
  const invoice = idOf(await call('/api/invoice/new/invoice/'));
  await call('/api/invoice/update/', { id: invoice, customerID: customer, billerID: biller }, 'patch');
  await call('/api/invoice/insert/', { invoiceID: invoice, productID: product.id });
  await call('/api/invoice/update/', { id: invoice, status: 'DUE' }, 'patch');
  const priceGroup = idOf(await call('/api/priceGroup/new/', { name: `Group ${tag}` }));
  const priceGroupItem = idOf(
    await call('/api/priceGroup/insert/', {
      priceGroupID: priceGroup,
      productID: product.id,
      price: 1.1,
      suggestedRetailPrice: 1.99,
    }),
  );
  const productGroup = idOf(
    await call('/api/productGroup/new/', {
      name: `${tag} pg`,
      costPrice: 0.6,
      sellingPrice: 0.85,
      suggestedRetailPrice: 1.49,
    }),
  );
  await call('/api/productGroup/insert/', { productGroupID: productGroup, productID: product.id });
  return {
    product: product.id,
    customer,
    biller,
    supplier,
    supplierInvoice,
    expense,
    user,
    route,
    invoice,
    priceGroup,
    priceGroupItem,
    productGroup,
    // A settlement needs a driver's whole day (e2e/settlement.spec.ts): its screen is read for a
    // settlement that does not exist (the not-found state).
    settlement: 999_999,
  };
}

export type Ids = Awaited<ReturnType<typeof createRecords>>;

/**
 * Every office screen: the route pattern as the route tables declare it, its title (after any
 * redirect) and the address to open. A test of accessibility.spec.ts checks that none is missing.
 */
export function officeScreens(ids: Ids): { route: string; title: string; url: string }[] {
  const record = (path: string, plural: string, singular: string, id: number, list = plural, recover = false) => [
    { route: path, title: list, url: `/${path}` },
    ...(recover ? [{ route: `${path}/recover`, title: `Recover ${plural}`, url: `/${path}/recover` }] : []),
    { route: `${path}/new`, title: `New ${singular}`, url: `/${path}/new` },
    { route: `${path}/edit/:id`, title: `Edit ${singular}`, url: `/${path}/edit/${id}` },
    { route: `${path}/:id`, title: singular, url: `/${path}/${id}` },
  ];
  return [
    { route: 'dashboard', title: 'Dashboard', url: '/dashboard' },
    { route: 'invoices', title: 'Invoices', url: '/invoices' },
    // Both open a new draft and move on to its edit screen.
    { route: 'invoices/new', title: 'Edit Invoice', url: '/invoices/new' },
    { route: 'invoices/:type/new', title: 'Edit Invoice', url: '/invoices/consignment/new' },
    { route: 'invoices/edit/:id', title: 'Edit Invoice', url: `/invoices/edit/${ids.invoice}` },
    { route: 'invoices/print/:id', title: 'Print Invoice', url: `/invoices/print/${ids.invoice}` },
    { route: 'invoices/thermalPrint/:id', title: 'Thermal Print', url: `/invoices/thermalPrint/${ids.invoice}` },
    { route: 'invoices/emailPDF/:id', title: 'Email Invoice', url: `/invoices/emailPDF/${ids.invoice}` },
    { route: 'invoices/:id', title: 'Invoice', url: `/invoices/${ids.invoice}` },
    { route: 'payment/invoice/:id', title: 'Invoice Payments', url: `/payment/invoice/${ids.invoice}` },
    { route: 'payment/customer/:id', title: 'Customer Payments', url: `/payment/customer/${ids.customer}` },
    {
      route: 'distributors/invoices/:id/payments',
      title: 'Supplier Invoice Payments',
      url: `/distributors/invoices/${ids.supplierInvoice}/payments`,
    },
    { route: 'distributors/:id/payments', title: 'Supplier Payments', url: `/distributors/${ids.supplier}/payments` },
    { route: 'products/barcode', title: 'Barcode Labels', url: '/products/barcode' },
    { route: 'products/barcode/print', title: 'Print Barcode Labels', url: '/products/barcode/print' },
    ...record('products', 'Products', 'Product', ids.product, 'Products', true),
    { route: 'stock', title: 'Stock', url: '/stock' },
    { route: 'stock/movements', title: 'Stock Movements', url: '/stock/movements' },
    { route: 'stock/load', title: 'Load Sheet', url: '/stock/load' },
    { route: 'stock/reorder', title: 'Below Reorder Point', url: '/stock/reorder' },
    { route: 'settlements', title: 'Settlements', url: '/settlements' },
    { route: 'settlements/:id', title: 'Settlement', url: `/settlements/${ids.settlement}` },
    { route: 'priceGroups', title: 'Customer Price Groups', url: '/priceGroups' },
    { route: 'priceGroups/new', title: 'New Customer Price Group', url: '/priceGroups/new' },
    {
      route: 'priceGroups/edit/productGroup/:id',
      title: 'Edit by Product Group',
      url: `/priceGroups/edit/productGroup/${ids.priceGroup}`,
    },
    { route: 'priceGroups/edit/:id', title: 'Edit Customer Price Group', url: `/priceGroups/edit/${ids.priceGroup}` },
    { route: 'priceGroups/:id', title: 'Customer Price Group', url: `/priceGroups/${ids.priceGroup}` },
    { route: 'priceGroups/:id/add', title: 'Add Item', url: `/priceGroups/${ids.priceGroup}/add` },
    {
      route: 'priceGroups/:id/edit/:itemID',
      title: 'Edit Item',
      url: `/priceGroups/${ids.priceGroup}/edit/${ids.priceGroupItem}`,
    },
    {
      route: 'priceGroups/:id/new/productGroup',
      title: 'Add by Product Group',
      url: `/priceGroups/${ids.priceGroup}/new/productGroup`,
    },
    { route: 'productGroups', title: 'Product Price Groups', url: '/productGroups' },
    { route: 'productGroups/new', title: 'New Product Price Group', url: '/productGroups/new' },
    { route: 'productGroups/edit/:id', title: 'Group Price Change', url: `/productGroups/edit/${ids.productGroup}` },
    { route: 'productGroups/:id', title: 'Product Price Group', url: `/productGroups/${ids.productGroup}` },
    {
      route: 'productGroups/:id/add',
      title: 'Add to Product Price Group',
      url: `/productGroups/${ids.productGroup}/add`,
    },
    ...record('billers', 'Billers', 'Biller', ids.biller, 'Billers', true),
    ...record('customers', 'Customers', 'Customer', ids.customer, 'Customers', true),
    { route: 'buyers', title: 'Customers', url: '/buyers' },
    { route: 'customers/:id/statement', title: 'Statement', url: `/customers/${ids.customer}/statement` },
    { route: 'customers/:id/receipts', title: 'Receipts', url: `/customers/${ids.customer}/receipts` },
    { route: 'routes/numbers', title: 'Number Blocks', url: '/routes/numbers' },
    { route: 'routes/today', title: 'Routes Today', url: '/routes/today' },
    ...record('routes', 'Routes', 'Route', ids.route),
    { route: 'routes/flags', title: 'Driver Flags', url: '/routes/flags' },
    ...record('expenses', 'Expenses', 'Expense', ids.expense, 'All Expenses'),
    { route: 'distributors/invoices', title: 'Supplier Invoices', url: '/distributors/invoices' },
    { route: 'distributors/invoices/new', title: 'New Supplier Invoice', url: '/distributors/invoices/new' },
    {
      route: 'distributors/invoices/edit/:id',
      title: 'Edit Supplier Invoice',
      url: `/distributors/invoices/edit/${ids.supplierInvoice}`,
    },
    {
      route: 'distributors/invoices/:id',
      title: 'Supplier Invoice',
      url: `/distributors/invoices/${ids.supplierInvoice}`,
    },
    ...record('distributors', 'Suppliers', 'Supplier', ids.supplier),
    ...record('users', 'Users', 'User', ids.user),
    { route: 'outbox', title: 'Outbox', url: '/outbox' },
    { route: 'reports/product', title: 'Product Report', url: '/reports/product' },
    { route: 'reports/customer', title: 'My Report', url: '/reports/customer' },
    { route: 'reports/customerSummary', title: 'Customer Report', url: '/reports/customerSummary' },
    { route: 'reports/biller', title: 'Biller Report', url: '/reports/biller' },
    { route: 'reports/damagedGoods', title: 'Damaged Goods Report', url: '/reports/damagedGoods' },
    { route: 'reports/aging', title: 'Aging', url: '/reports/aging' },
    { route: 'settings', title: 'Settings', url: '/settings' },
    { route: 'audit', title: 'Audit Trail', url: '/audit' },
    { route: 'import/products', title: 'Import Products', url: '/import/products' },
    { route: 'import/customers', title: 'Import Customers', url: '/import/customers' },
    { route: '/changePassword', title: 'Change Password', url: '/changePassword' },
    { route: '*', title: 'Page not found', url: '/no-such-screen' },
  ];
}

/**
 * The route patterns the route tables declare, read from their source: `route('…'`, `path: '…'`
 * (a record area's path expands to its five routes) and the payment histories' paths.
 */
export function declaredRoutes(): string[] {
  const features = fileURLToPath(new URL('../apps/web/src/features', import.meta.url));
  const files = readdirSync(features, { recursive: true, encoding: 'utf8' })
    .filter((f) => /(^|\/)routes\.tsx$|payments\/histories\.ts$/.test(f))
    .map((f) => readFileSync(join(features, f), 'utf8'));
  const found = new Set<string>();
  for (const source of files) {
    const area = /recordArea\(\{\s*path: '([^']+)'/.exec(source);
    for (const m of source.matchAll(/route\(\s*[`']([^`']+)[`']/g)) found.add(m[1]);
    for (const m of source.matchAll(/path: '([^']+)'/g)) found.add(m[1]);
    if (area) {
      const p = area[1];
      for (const r of [p, `${p}/new`, `${p}/edit/:id`, `${p}/:id`]) found.add(r);
      if (/^\s*recover: /m.test(source)) found.add(`${p}/recover`);
    }
  }
  // The reports are mapped from their table of names (`['product', 'ProductReportPage']`).
  const reports = files.find((source) => source.includes('reports/${'));
  for (const m of reports?.matchAll(/\['(\w+)', '\w+Page'\]/g) ?? []) found.add(`reports/${m[1]}`);
  return [...found]
    .filter((r) => !r.includes('$'))
    .filter((r) => !r.startsWith('/driver') && !/^(stop|invoice|print)\//.test(r) && !['queue', 'truck'].includes(r));
}
