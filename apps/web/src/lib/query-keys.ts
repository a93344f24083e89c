/** One place for the query keys, so a change can invalidate exactly what it moved. */
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
};
