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
  distributors: createKeys('distributors'),
  expenses: createKeys('expenses'),
  invoices: createKeys('invoices'),
  distributorInvoices: createKeys('distributorInvoices'),
  payments: createKeys('payments'),
};
/** @deprecated transitional: each area uses keys.<area> (createKeys). */
export const queryKeys = {
  users: ['users'] as const,
  user: (id: string | number) => ['users', 'one', String(id)] as const,
  products: ['products'] as const,
  product: (id: string | number) => ['products', 'one', String(id)] as const,
  categories: ['products', 'categories'] as const,
  barcodeItems: ['barcodeItems'] as const,
  productGroups: ['productGroups'] as const,
  productGroup: (id: string | number) => ['productGroups', 'one', String(id)] as const,
  priceGroups: ['priceGroups'] as const,
  priceGroup: (id: string | number) => ['priceGroups', 'one', String(id)] as const,
  priceGroupItem: (id: string | number) => ['priceGroups', 'item', String(id)] as const,
  billers: ['billers'] as const,
  biller: (id: string | number) => ['billers', 'one', String(id)] as const,
  customers: ['customers'] as const,
  customer: (id: string | number) => ['customers', 'one', String(id)] as const,
  distributors: ['distributors'] as const,
  distributor: (id: string | number) => ['distributors', 'one', String(id)] as const,
  expenses: ['expenses'] as const,
  expense: (id: string | number) => ['expenses', 'one', String(id)] as const,
  invoices: ['invoices'] as const,
  invoice: (id: string | number) => ['invoices', 'one', String(id)] as const,
  invoiceItems: (id: string | number) => ['invoices', 'items', String(id)] as const,
  payments: ['payments'] as const,
};
