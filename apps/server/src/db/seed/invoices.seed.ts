import { addDays, computeInvoiceTotals, lineSubtotal, paymentAmountDue, settledStatus } from '@wd/contracts';
import { isNull, sql } from 'drizzle-orm';
import { storedTotals } from '../../modules/invoices/invoice-recompute.js';
import {
  customers,
  distributorInvoices,
  distributorPayments,
  distributors,
  invoiceItems,
  invoices,
  payments,
  priceGroupItems,
  products,
} from '../schema/index.js';
import type { SeedArea } from './index.js';

/**
 * A year of invoices: most paid, some due, a few with returns (some damaged),
 * consignment ones for biller 2, cash and cheque payments, a few drafts.
 */
export const seedInvoices: SeedArea = async ({ db, random, scale, today }) => {
  const catalog = await db.select().from(products).where(isNull(products.deletedAt));
  const buyers = await db.select({ id: customers.id, priceGroupId: customers.priceGroupId }).from(customers);
  const groupPrices = await db.select().from(priceGroupItems);
  const priceOf = new Map(groupPrices.map((g) => [`${g.priceGroupId}:${g.productId}`, g]));
  if (catalog.length === 0 || buyers.length === 0) return;
  const count = Math.round(300 * scale);
  for (let n = 0; n < count; n++) {
    const daysAgo = Math.floor((365 * (count - n)) / count) - random.int(0, 2);
    const date = addDays(today, -Math.max(0, daysAgo));
    const consignment = random.chance(0.15);
    const buyer = random.chance(0.08) ? null : random.pick(buyers);
    const draft = daysAgo < 3 && random.chance(0.5);
    const lines = Array.from({ length: random.int(4, 18) }, () => {
      const p = random.pick(catalog);
      const g = buyer && buyer.priceGroupId !== 1 ? priceOf.get(`${buyer.priceGroupId}:${p.id}`) : undefined;
      const sellingPrice = g?.price ?? p.sellingPrice;
      const isReturn = random.chance(0.06);
      const quantity = isReturn ? -random.int(1, 3) : random.int(1, 24);
      return {
        productId: p.id,
        productName: p.name,
        barcode: p.barcode,
        costPrice: p.costPrice,
        sellingPrice,
        suggestedRetailPrice: g?.suggestedRetailPrice ?? p.suggestedRetailPrice,
        quantity,
        subtotal: lineSubtotal(quantity, sellingPrice),
        damagedGood: isReturn && random.chance(0.4),
      };
    });
    const base = computeInvoiceTotals(lines, []);
    const pays: {
      amountPaid: number;
      discountRedeemed: number;
      awardPointsRedeemed: number;
      date: string;
      paymentType: 'cash' | 'cheque';
      chequeNo: string;
      amountDue: number;
    }[] = [];
    if (!draft && base.balance > 0 && (daysAgo > 30 ? random.chance(0.92) : random.chance(0.5))) {
      const split = random.chance(0.25);
      let balance = base.balance;
      const parts = split ? [Math.round(balance * 0.6), balance - Math.round(balance * 0.6)] : [balance];
      for (const amount of parts) {
        const cheque = consignment || random.chance(0.35);
        const due = paymentAmountDue(balance, amount, 0);
        const paidOn = addDays(date, random.int(0, 14));
        pays.push({
          amountPaid: amount,
          discountRedeemed: 0,
          awardPointsRedeemed: 0,
          // Dates are YYYY-MM-DD text: the earlier of the two sorts first.
          date: [paidOn, today].sort()[0],
          paymentType: cheque ? 'cheque' : 'cash',
          chequeNo: cheque ? String(random.int(1000, 9999)) : '',
          amountDue: due,
        });
        balance = due;
      }
    }
    const t = computeInvoiceTotals(lines, pays);
    const [row] = await db
      .insert(invoices)
      .values({
        invoiceNo: sql`'Invoice/' || nextval('invoice_no_seq')` as unknown as string,
        date,
        type: consignment ? 'consignment' : 'invoice',
        billerId: consignment ? 2 : 1,
        customerId: buyer?.id ?? null,
        status: draft ? 'NEW' : settledStatus(t.balance),
        consignmentStatus: consignment ? (t.balance <= 0 ? 'PAID' : 'DUE') : null,
        ...storedTotals(t),
      })
      .returning({ id: invoices.id });
    await db.insert(invoiceItems).values(lines.map((l) => ({ ...l, invoiceId: row.id })));
    if (pays.length) {
      await db.insert(payments).values(
        pays.map((p) => ({
          ...p,
          invoiceId: row.id,
          referenceNo: sql`'PAY-' || lpad(nextval('payment_reference_seq')::text, 6, '0')` as unknown as string,
        })),
      );
    }
  }
};

/** Supplier invoices over the year, most paid by cheque, the recent ones still due. */
export const seedSupplierInvoices: SeedArea = async ({ db, random, scale, today }) => {
  const suppliers = await db.select({ id: distributors.id }).from(distributors);
  if (suppliers.length === 0) return;
  const count = Math.round(60 * scale);
  for (let n = 0; n < count; n++) {
    const daysAgo = Math.floor((365 * (count - n)) / count);
    const date = addDays(today, -daysAgo);
    const purchase = random.int(300, 9000) * 100 + random.int(0, 99);
    const paid = daysAgo > 30 || random.chance(0.3);
    const payDate = [addDays(date, random.int(3, 25)), today].sort()[0];
    const [row] = await db
      .insert(distributorInvoices)
      .values({
        date,
        distributorId: random.pick(suppliers).id,
        invoiceNo: String(random.int(10000, 99999)),
        amountPurchase: purchase,
        amountPaid: paid ? purchase : 0,
        amountDue: paid ? 0 : purchase,
        status: paid ? 'PAID' : 'DUE',
        datePaid: paid ? payDate : null,
      })
      .returning({ id: distributorInvoices.id });
    if (paid) {
      await db.insert(distributorPayments).values({
        referenceNo:
          sql`'SPAY-' || lpad(nextval('distributor_payment_reference_seq')::text, 6, '0')` as unknown as string,
        invoiceId: row.id,
        date: payDate,
        paymentType: 'cheque',
        amountPaid: purchase,
        amountDue: 0,
        chequeNo: String(random.int(1000, 9999)),
      });
    }
  }
};
