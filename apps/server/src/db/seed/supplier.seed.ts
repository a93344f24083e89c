import { addDays } from '@wd/contracts';
import { suppliers } from '../schema/index.js';
import { type BulkColumn, bulkInsert, idSequence, reserve } from './bulk.js';
import type { SeedArea } from './seed-area.js';

/** Supplier invoices over the seeded span, most paid by cheque, the recent ones still due. */
export const seedSupplierInvoices: SeedArea = async ({ db, random, scale, today, spanDays }) => {
  const parties = await db.select({ id: suppliers.id }).from(suppliers).orderBy(suppliers.id);
  if (parties.length === 0) return;
  const count = Math.round(60 * scale);
  const firstId = await reserve(db, idSequence('distributor_invoices'), count);
  const inv: BulkColumn[] = [
    ['id', 'int', []],
    ['date', 'date', []],
    ['distributor_id', 'int', []],
    ['invoice_no', 'text', []],
    ['amount_purchase', 'int', []],
    ['amount_paid', 'int', []],
    ['amount_due', 'int', []],
    ['status', 'text', []],
    ['date_paid', 'date', []],
  ];
  const pay: BulkColumn[] = [
    ['reference_no', 'text', []],
    ['invoice_id', 'int', []],
    ['date', 'date', []],
    ['payment_type', 'text', []],
    ['amount_paid', 'int', []],
    ['amount_due', 'int', []],
    ['cheque_no', 'text', []],
  ];
  const paidRows: unknown[][] = [];
  for (let n = 0; n < count; n++) {
    const daysAgo = Math.floor((spanDays * (count - n)) / count);
    const date = addDays(today, -daysAgo);
    const purchase = random.int(300, 9000) * 100 + random.int(0, 99);
    const paid = daysAgo > 30 || random.chance(0.3);
    const payDate = [addDays(date, random.int(3, 25)), today].sort()[0];
    const row = [
      firstId + n,
      date,
      random.pick(parties).id,
      String(random.int(10000, 99999)),
      purchase,
      paid ? purchase : 0,
      paid ? 0 : purchase,
      paid ? 'PAID' : 'DUE',
      paid ? payDate : null,
    ];
    row.forEach((value, k) => {
      inv[k][2].push(value);
    });
    if (paid) paidRows.push([firstId + n, payDate, 'cheque', purchase, 0, String(random.int(1000, 9999))]);
  }
  const firstRef = await reserve(db, 'distributor_payment_reference_seq', paidRows.length);
  paidRows.forEach((row, k) => {
    pay[0][2].push(`SPAY-${String(firstRef + k).padStart(6, '0')}`);
    row.forEach((value, c) => {
      pay[c + 1][2].push(value);
    });
  });
  await db.transaction(async (tx) => {
    await bulkInsert(tx, 'distributor_invoices', inv);
    await bulkInsert(tx, 'distributor_payments', pay);
  });
};
