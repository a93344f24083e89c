import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { productsRepository } from '../products/products.repository.js';
import { linePricesFor, linePricesForMany } from './invoice-lines.service.js';

const t = testApp();

async function ok(method: 'POST' | 'DELETE', url: string, body?: unknown) {
  const res = await t.call(method, url, body, t.adminToken);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
}

describe('linePricesForMany', () => {
  it('prices many products as linePricesFor prices each one, and leaves out deleted and unknown products', async () => {
    const group = (await ok('POST', '/api/priceGroup/new/', { name: 'Batch prices' })).priceGroup;
    const cola = await createProduct(t, { name: 'Batch cola', sellingPrice: 1.24, suggestedRetailPrice: 1.99 });
    const chips = await createProduct(t, { name: 'Batch chips', sellingPrice: 2.5, suggestedRetailPrice: 3.29 });
    const gone = await createProduct(t, { name: 'Batch gone', sellingPrice: 9 });
    await ok('POST', '/api/priceGroup/insert/', {
      priceGroupID: group.id,
      productID: cola.id,
      price: 1.2,
      suggestedRetailPrice: 1.89,
    });
    await ok('DELETE', `/api/product/delete/${gone.id}/`);

    const db = t.database.db;
    for (const groupId of [group.id, 1]) {
      const many = await linePricesForMany(db, groupId, [cola.id, chips.id, cola.id, gone.id, 987_654]);
      expect([...many.keys()].sort((a, b) => a - b)).toEqual([cola.id, chips.id].sort((a, b) => a - b));
      for (const product of [cola, chips]) {
        const one = await linePricesFor(db, groupId, (await productsRepository.findById(db, product.id))!);
        expect(many.get(product.id)?.prices).toEqual(one);
        expect(many.get(product.id)?.product.name).toBe(product.name);
      }
    }
    // In cents: the group's cola price, and chips at their own price in the group.
    expect((await linePricesForMany(db, group.id, [cola.id, chips.id])).get(cola.id)?.prices).toMatchObject({
      sellingPrice: 120,
      suggestedRetailPrice: 189,
    });
    expect((await linePricesForMany(db, group.id, [])).size).toBe(0);
  });
});
