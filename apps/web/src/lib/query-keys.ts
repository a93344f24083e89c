/**
 * Query keys, one factory per area (docs/web.md, "Data layer"):
 * `all` → everything of the area; `lists()` → every list of it (any filter);
 * `list(name, filter)` → one list; `detail(id)` → one record and whatever
 * hangs under it (`[...detail(id), 'items']`). A mutation invalidates the
 * narrowest key that covers what it changed.
 */
export function createKeys<A extends string>(area: A) {
  const all = [area] as const;
  return {
    all,
    lists: () => [area, 'list'] as const,
    list: (name: string, filter?: unknown) => [area, 'list', name, ...(filter === undefined ? [] : [filter])] as const,
    details: () => [area, 'detail'] as const,
    detail: (id: string | number) => [area, 'detail', String(id)] as const,
  };
}
export type AreaKeys = ReturnType<typeof createKeys>;

/** Every area's keys; an area may add its own beside these in its api.ts. */
export const keys = {
  users: createKeys('users'),
  products: createKeys('products'),
  barcodeItems: createKeys('barcodeItems'),
  productGroups: createKeys('productGroups'),
  priceGroups: createKeys('priceGroups'),
  billers: createKeys('billers'),
  customers: createKeys('customers'),
  suppliers: createKeys('suppliers'),
  expenses: createKeys('expenses'),
  invoices: createKeys('invoices'),
  supplierInvoices: createKeys('supplierInvoices'),
  payments: createKeys('payments'),
  dashboard: createKeys('dashboard'),
  settings: createKeys('settings'),
  reports: createKeys('reports'),
  stock: createKeys('stock'),
};
