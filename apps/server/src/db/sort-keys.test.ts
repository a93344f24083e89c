import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../test/catalog.js';
import { testApp } from '../../test/helpers.js';
import { foldRollups } from './rollups.js';

const t = testApp();

/** A row's kept company, read straight from its table. */
async function kept(table: 'invoices' | 'expenses' | 'distributor_invoices' | 'customers', column: string, id: number) {
  const res = await t.database.db.execute(
    sql`select ${sql.identifier(column)} as v from ${sql.identifier(table)} where id = ${id}`,
  );
  return (res as unknown as { rows: { v: string | null }[] }).rows[0]?.v;
}

async function post(url: string, body: object | undefined, method: 'POST' | 'PATCH' = 'POST') {
  const res = await t.call(method, url, body, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

// A rename and a new row for the same party, on two connections: PostgreSQL only (PGlite has one).
describe.runIf(process.env.DB_KIND === 'postgres')('the kept companies under concurrent renames', () => {
  /**
   * Renames a party on a second connection and, while that rename is not committed, runs `write`
   * (which gives the row it made or changed): the write must wait for the rename, then keep the
   * new name. Before the share lock it kept the old name for good.
   */
  async function duringRename(
    party: 'customers' | 'billers' | 'distributors' | 'price_groups',
    partyId: number,
    company: string,
    write: () => Promise<number>,
  ) {
    const pg = (await import('pg')).default;
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query('begin');
      const column = party === 'price_groups' ? 'name' : 'company';
      await other.query(`update ${party} set ${column} = $1 where id = $2`, [company, partyId]);
      let done = false;
      const written = write().then((id) => {
        done = true;
        return id;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(done).toBe(false);
      await other.query('commit');
      return await written;
    } finally {
      await other.end();
    }
  }

  it("an invoice given a customer or a biller being renamed keeps the new name; a supplier invoice's, an expense's and a customer's (its price group) too", async () => {
    const customer = (await post('/api/customer/new/', { company: 'Keyed Corner' })).customer.id as number;
    const biller = (await post('/api/supplier/new/', { company: 'Keyed Billing', name: 'Ann' })).biller.id as number;
    const supplier = (await post('/api/distributor/insert/', { company: 'Keyed Foods' })).distributor.id as number;

    const invoice = (await post('/api/invoice/new/invoice/', undefined)).invoice.id as number;
    await duringRename('customers', customer, 'Keyed Corner (new)', async () => {
      await post('/api/invoice/update/', { id: invoice, customerID: customer }, 'PATCH');
      return invoice;
    });
    expect(await kept('invoices', 'customer_sort', invoice)).toBe('Keyed Corner (new)');

    await duringRename('billers', biller, 'Keyed Billing (new)', async () => {
      await post('/api/invoice/update/', { id: invoice, billerID: biller }, 'PATCH');
      return invoice;
    });
    expect(await kept('invoices', 'biller_sort', invoice)).toBe('Keyed Billing (new)');

    const bought = await duringRename('distributors', supplier, 'Keyed Foods (new)', async () => {
      const made = await post('/api/distributor/invoices/insert/', {
        date: '2026-10-01',
        distributorID: supplier,
        invoiceNo: '64001',
        amountPurchase: 12.5,
      });
      return made.distributorInvoice.id as number;
    });
    expect(await kept('distributor_invoices', 'supplier_sort', bought)).toBe('Keyed Foods (new)');

    const spent = await duringRename('billers', biller, 'Keyed Billing (newer)', async () => {
      const made = await post('/api/expenses/insert/', {
        date: '2026-03-05',
        billerID: biller,
        expense: 'Fuel',
        category: 'Truck',
        amount: 10,
      });
      return made.expense.id as number;
    });
    expect(await kept('expenses', 'biller_sort', spent)).toBe('Keyed Billing (newer)');

    const group = (await post('/api/priceGroup/new/', { name: 'Keyed Group' })).priceGroup.id as number;
    const buyer = await duringRename('price_groups', group, 'Keyed Group (new)', async () => {
      const made = await post('/api/customer/new/', { company: 'Keyed Buyer', priceGroupID: group });
      return made.customer.id as number;
    });
    expect(await kept('customers', 'price_group_sort', buyer)).toBe('Keyed Group (new)');
  });

  it("a customer's first counted invoice folded while the customer is being renamed: its report row keeps the new name", async () => {
    const customer = (await post('/api/customer/new/', { company: 'Listed Corner' })).customer.id as number;
    const product = (await createProduct(t, { name: 'Listed Cola' })).id;
    const invoice = (await post('/api/invoice/new/invoice/', undefined)).invoice.id as number;
    await post('/api/invoice/update/', { id: invoice, customerID: customer }, 'PATCH');
    await post('/api/invoice/insert/', { invoiceID: invoice, productID: product });
    // No fold until the rename has begun: this connection holds the folds' advisory lock (the one
    // rollups_fold takes) while the invoice is submitted, and lets go inside the rename.
    const pg = (await import('pg')).default;
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock(2003924324)');
      await post('/api/invoice/update/', { id: invoice, status: 'DUE' }, 'PATCH');
      await duringRename('customers', customer, 'Listed Corner (new)', async () => {
        // The fold adds the customer's all-history row, looking its name up: it waits for the rename.
        await holder.query('select pg_advisory_unlock(2003924324)');
        await foldRollups(t.database.db);
        return customer;
      });
    } finally {
      await holder.end();
    }
    const res = await t.database.db.execute(
      sql`select company from report_customer_all where customer_id = ${customer} and invoices > 0`,
    );
    expect((res as unknown as { rows: { company: string }[] }).rows).toEqual([{ company: 'Listed Corner (new)' }]);
  });

  it('an invoice saved with the same customer while that customer is being renamed: no deadlock, the new name kept', async () => {
    const customer = (await post('/api/customer/new/', { company: 'Same Corner' })).customer.id as number;
    const invoice = (await post('/api/invoice/new/invoice/', undefined)).invoice.id as number;
    await post('/api/invoice/update/', { id: invoice, customerID: customer }, 'PATCH');
    const pg = (await import('pg')).default;
    const [a, b] = [
      new pg.Client({ connectionString: t.databaseUrl }),
      new pg.Client({ connectionString: t.databaseUrl }),
    ];
    await a.connect();
    await b.connect();
    try {
      // A holds the invoice; B renames its customer and waits for the invoice; A then saves the
      // invoice with the same customer (a form sending every field), which must not wait for B.
      await a.query('begin');
      await a.query("update invoices set notes = 'held' where id = $1", [invoice]);
      await b.query('begin');
      const renamed = b.query('update customers set company = $1 where id = $2', ['Same Corner (new)', customer]);
      await new Promise((r) => setTimeout(r, 200));
      await a.query('update invoices set customer_id = customer_id where id = $1', [invoice]);
      await a.query('commit');
      await renamed;
      await b.query('commit');
    } finally {
      await a.end();
      await b.end();
    }
    expect(await kept('invoices', 'customer_sort', invoice)).toBe('Same Corner (new)');
  });
});
