import type { TestApp } from './helpers.js';

let next = 100_000;
/** A valid UPC-A body (11 digits) no other test product uses; the server completes the check digit. */
export function freshUpcBody(): string {
  next += 1;
  return `0${String(next).padStart(10, '0')}`;
}

export async function createProduct(t: TestApp, overrides: Record<string, unknown> = {}) {
  const res = await t.call(
    'POST',
    '/api/product/insert/',
    {
      name: `Test product ${next}`,
      barcodeSymbology: 'upca',
      barcode: freshUpcBody(),
      category: 'Snacks',
      costPrice: 1,
      sellingPrice: 1.5,
      suggestedRetailPrice: 1.99,
      ...overrides,
    },
    t.adminToken,
  );
  if (res.statusCode !== 200) throw new Error(`product insert failed: ${res.body}`);
  return res.json().product as {
    id: number;
    name: string;
    barcode: string;
    costPrice: number;
    sellingPrice: number;
    suggestedRetailPrice: number;
    productGroupID: number;
  };
}
