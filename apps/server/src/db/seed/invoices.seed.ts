import { addDays, computeInvoiceTotals, lineSubtotal, paymentAmountDue, settledStatus } from '@wd/contracts';
import { isNull } from 'drizzle-orm';
import { storedLineSums, storedTotals } from '../../modules/ledger/invoice-totals.js';
import { customers, priceGroupItems, products } from '../schema/index.js';
import { type BulkColumn, bulkInsert, idSequence, Pipeline, reserve } from './bulk.js';
import type { SeedArea, SeedContext } from './seed-area.js';

/** Invoices per batch: one transaction, three statements (invoices, lines, payments). */
const BATCH = 2000;

type Catalog = Awaited<ReturnType<typeof loadCatalog>>;

async function loadCatalog({ db }: SeedContext) {
  // In id order: without it the order is the heap's, which differs after a rolled-back load
  // (a first start redone after a crash) and the same seed would pick other products.
  const items = await db.select().from(products).where(isNull(products.deletedAt)).orderBy(products.id);
  const buyers = await db
    .select({ id: customers.id, priceGroupId: customers.priceGroupId })
    .from(customers)
    .orderBy(customers.id);
  const groupPrices = await db.select().from(priceGroupItems);
  const priceOf = new Map(groupPrices.map((g) => [`${g.priceGroupId}:${g.productId}`, g]));
  return { items, buyers, priceOf };
}

/** Column arrays of one batch, filled row by row. */
function columns<K extends string>(spec: Record<K, BulkColumn[1]>) {
  const cols = Object.fromEntries(Object.keys(spec).map((k) => [k, [] as unknown[]])) as Record<K, unknown[]>;
  const toBulk = (names: Record<K, string>): BulkColumn[] =>
    (Object.keys(spec) as K[]).map((k) => [names[k], spec[k], cols[k]]);
  return { cols, toBulk };
}

/**
 * Invoices over the seeded span (a year, four at benchmark scales): most
 * paid, some due, a few with returns (some damaged), consignment ones for
 * biller 2, cash and cheque payments, a few drafts in the last days. Stored
 * totals come from the contracts rule, as the app computes them.
 */
export const seedInvoices: SeedArea = async (ctx) => {
  const catalog = await loadCatalog(ctx);
  if (catalog.items.length === 0 || catalog.buyers.length === 0) return;
  const count = Math.round(300 * ctx.scale);
  // One batch written at a time, while the next one is generated.
  const pipeline = new Pipeline(1);
  for (let start = 0; start < count; start += BATCH) {
    const batch = await generateBatch(ctx, catalog, start, Math.min(count, start + BATCH), count);
    await pipeline.add(() =>
      ctx.db.transaction(async (tx) => {
        for (const [table, cols] of batch) await bulkInsert(tx, table, cols);
      }),
    );
  }
  await pipeline.drain();
};

async function generateBatch(ctx: SeedContext, catalog: Catalog, from: number, to: number, count: number) {
  const { db, random, today, spanDays } = ctx;
  const perDay = count / spanDays;
  const inv = columns({
    id: 'int',
    no: 'text',
    date: 'date',
    type: 'text',
    biller: 'int',
    customer: 'int',
    status: 'text',
    cstatus: 'text',
    total: 'int',
    credited: 'int',
    paid: 'int',
    discount: 'int',
    points: 'int',
    balance: 'int',
    suggested: 'int',
    sCredited: 'int',
    lCost: 'bigint',
    lSelling: 'bigint',
    lResellable: 'bigint',
    lDamaged: 'bigint',
    lUnits: 'bigint',
  });
  const line = columns({
    id: 'int',
    invoice: 'int',
    product: 'int',
    name: 'text',
    barcode: 'text',
    cost: 'int',
    selling: 'int',
    srp: 'int',
    quantity: 'int',
    subtotal: 'int',
    damaged: 'bool',
  });
  const pay = columns({
    id: 'int',
    ref: 'text',
    invoice: 'int',
    date: 'date',
    type: 'text',
    paid: 'int',
    due: 'int',
    cheque: 'text',
  });
  const firstId = await reserve(db, idSequence('invoices'), to - from);
  const firstNo = await reserve(db, 'invoice_no_seq', to - from);
  for (let n = from; n < to; n++) {
    const invoiceId = firstId + n - from;
    const daysAgo = Math.floor((spanDays * (count - n)) / count) - random.int(0, 2);
    const date = addDays(today, -Math.max(0, daysAgo));
    const consignment = random.chance(0.15);
    const buyer = random.chance(0.08) ? null : random.pick(catalog.buyers);
    const draft = daysAgo < 3 && random.chance(Math.min(0.5, 4 / perDay));
    const lines = Array.from({ length: random.int(4, 18) }, () => {
      const p = random.pick(catalog.items);
      const g = buyer && buyer.priceGroupId !== 1 ? catalog.priceOf.get(`${buyer.priceGroupId}:${p.id}`) : undefined;
      const sellingPrice = g?.price ?? p.sellingPrice;
      const isReturn = random.chance(0.06);
      const quantity = isReturn ? -random.int(1, 3) : random.int(1, 24);
      const suggestedRetailPrice = g?.suggestedRetailPrice ?? p.suggestedRetailPrice;
      const l = line.cols;
      l.invoice.push(invoiceId);
      l.product.push(p.id);
      l.name.push(p.name);
      l.barcode.push(p.barcode);
      l.cost.push(p.costPrice);
      l.selling.push(sellingPrice);
      l.srp.push(suggestedRetailPrice);
      l.quantity.push(quantity);
      l.subtotal.push(lineSubtotal(quantity, sellingPrice));
      const damagedGood = isReturn && random.chance(0.4);
      l.damaged.push(damagedGood);
      return { quantity, sellingPrice, suggestedRetailPrice, costPrice: p.costPrice, damagedGood };
    });
    const base = computeInvoiceTotals(lines, []);
    const pays: { amountPaid: number; discountRedeemed: number; awardPointsRedeemed: number }[] = [];
    if (!draft && base.balance > 0 && (daysAgo > 30 ? random.chance(0.92) : random.chance(0.5))) {
      const split = random.chance(0.25);
      let balance = base.balance;
      const parts = split ? [Math.round(balance * 0.6), balance - Math.round(balance * 0.6)] : [balance];
      for (const amount of parts) {
        const cheque = consignment || random.chance(0.35);
        const due = paymentAmountDue(balance, amount, 0);
        const paidOn = addDays(date, random.int(0, 14));
        const p = pay.cols;
        p.invoice.push(invoiceId);
        // Dates are YYYY-MM-DD text: the earlier of the two sorts first.
        p.date.push([paidOn, today].sort()[0]);
        p.type.push(cheque ? 'cheque' : 'cash');
        p.paid.push(amount);
        p.due.push(due);
        p.cheque.push(cheque ? String(random.int(1000, 9999)) : '');
        pays.push({ amountPaid: amount, discountRedeemed: 0, awardPointsRedeemed: 0 });
        balance = due;
      }
    }
    const t = storedTotals(computeInvoiceTotals(lines, pays));
    const i = inv.cols;
    i.id.push(invoiceId);
    i.no.push(`Invoice/${firstNo + n - from}`);
    i.date.push(date);
    i.type.push(consignment ? 'consignment' : 'invoice');
    i.biller.push(consignment ? 2 : 1);
    i.customer.push(buyer?.id ?? null);
    i.status.push(draft ? 'NEW' : settledStatus(t.balance));
    i.cstatus.push(consignment ? (t.balance <= 0 ? 'PAID' : 'DUE') : null);
    i.total.push(t.total);
    i.credited.push(t.amountCredited);
    i.paid.push(t.paid);
    i.discount.push(t.discountRedeemed);
    i.points.push(t.awardPointsRedeemed);
    i.balance.push(t.balance);
    i.suggested.push(t.totalSuggested);
    i.sCredited.push(t.suggestedCredited);
    const sums = storedLineSums(lines);
    i.lCost.push(sums.linesCost);
    i.lSelling.push(sums.linesSelling);
    i.lResellable.push(sums.linesResellable);
    i.lDamaged.push(sums.linesDamaged);
    i.lUnits.push(sums.linesUnitsSold);
  }
  await numberRows(ctx, line.cols.id, line.cols.invoice.length, idSequence('invoice_items'));
  await numberRows(ctx, pay.cols.id, pay.cols.invoice.length, idSequence('payments'));
  const firstRef = await reserve(db, 'payment_reference_seq', pay.cols.invoice.length);
  for (let k = 0; k < pay.cols.invoice.length; k++) pay.cols.ref.push(`PAY-${String(firstRef + k).padStart(6, '0')}`);
  const payBulk = pay.toBulk({
    id: 'id',
    ref: 'reference_no',
    invoice: 'invoice_id',
    date: 'date',
    type: 'payment_type',
    paid: 'amount_paid',
    due: 'amount_due',
    cheque: 'cheque_no',
  });
  return [
    [
      'invoices',
      inv.toBulk({
        id: 'id',
        no: 'invoice_no',
        date: 'date',
        type: 'type',
        biller: 'biller_id',
        customer: 'customer_id',
        status: 'status',
        cstatus: 'consignment_status',
        total: 'total',
        credited: 'amount_credited',
        paid: 'paid',
        discount: 'discount_redeemed',
        points: 'award_points_redeemed',
        balance: 'balance',
        suggested: 'total_suggested',
        sCredited: 'suggested_credited',
        lCost: 'lines_cost',
        lSelling: 'lines_selling',
        lResellable: 'lines_resellable',
        lDamaged: 'lines_damaged',
        lUnits: 'lines_units_sold',
      }),
    ],
    [
      'invoice_items',
      line.toBulk({
        id: 'id',
        invoice: 'invoice_id',
        product: 'product_id',
        name: 'product_name',
        barcode: 'barcode',
        cost: 'cost_price',
        selling: 'selling_price',
        srp: 'suggested_retail_price',
        quantity: 'quantity',
        subtotal: 'subtotal',
        damaged: 'damaged_good',
      }),
    ],
    ['payments', payBulk],
  ] as [string, BulkColumn[]][];
}

/** Fills `ids` with `count` ids reserved from the table's sequence. */
async function numberRows({ db }: SeedContext, ids: unknown[], count: number, sequence: string) {
  const first = await reserve(db, sequence, count);
  for (let k = 0; k < count; k++) ids.push(first + k);
}
