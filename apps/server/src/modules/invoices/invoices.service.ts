import {
  computeInvoiceTotals,
  DEFAULT_PRICE_GROUP_ID,
  INVOICE_MESSAGES,
  type InvoiceTotals,
  type InvoiceUpdateInput,
  lineSubtotal,
  MESSAGES,
  PARTY_MESSAGES,
  PRODUCT_MESSAGES,
  toCents,
  toDollars,
  todayIn,
} from '@wd/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { billers, customers, priceGroupItems, products } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import type { AppContext } from '../../lib/context.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import type { AuthUser } from '../users/users.service.js';
import { matchProduct, recomputeInvoice } from './invoice-lines.js';
import { type InvoiceFilter, invoicesRepository as repo, toInvoice, toItem } from './invoices.repository.js';

export function createInvoicesService({ db, config }: AppContext) {
  const today = () => todayIn(config.timeZone);

  const locked = async (tx: Tx, id: number) => {
    const row = await repo.lock(tx, id);
    if (!row) throw new NotFoundError(INVOICE_MESSAGES.notFound);
    return row;
  };

  const totalsOf = (t: ReturnType<typeof computeInvoiceTotals>): InvoiceTotals => ({
    total: toDollars(t.total),
    amountCredited: toDollars(t.amountCredited),
    discountRedeemed: toDollars(t.discountRedeemed),
    paid: toDollars(t.paid),
    balance: toDollars(t.balance),
    totalSuggested: toDollars(t.totalSuggested),
    suggestedCredited: toDollars(t.suggestedCredited),
    totalSuggestedProfit: toDollars(t.totalSuggestedProfit),
    suggestedBalance: toDollars(t.suggestedBalance),
  });

  return {
    async create(type: 'invoice' | 'consignment', user: AuthUser) {
      return db.transaction(async (tx) => {
        const invoiceNo = await repo.nextInvoiceNo(tx);
        const id = await repo.insert(tx, {
          invoiceNo,
          type,
          date: today(),
          billerId: 1,
          status: 'NEW',
          consignmentStatus: type === 'consignment' ? 'DUE' : null,
        });
        await recordAudit(tx, user.id, 'invoice', id, 'create', null, { invoiceNo, type });
        return { id, invoiceNo };
      });
    },

    async list(filter: InvoiceFilter) {
      const { rows, totals } = await repo.list(db, filter);
      return {
        ...pageResponse('invoices', rows.map(toInvoice), filter, totals.rows),
        totals: {
          total: toDollars(totals.total),
          paid: toDollars(totals.paid),
          discount: toDollars(totals.discount),
          credit: toDollars(totals.credit),
          balance: toDollars(totals.balance),
        },
      };
    },

    async summary(id: number) {
      const row = await repo.find(db, id);
      if (!row) throw new NotFoundError(INVOICE_MESSAGES.notFound);
      const [lines, pays] = await Promise.all([repo.allItems(db, id), repo.allPayments(db, id)]);
      const [biller] = await db.select().from(billers).where(eq(billers.id, row.billerID));
      const [customer] = row.customerID
        ? await db.select().from(customers).where(eq(customers.id, row.customerID))
        : [];
      const address = (p?: { address: string; city: string; state: string; postalCode: string; country: string }) =>
        p
          ? [
              p.address,
              [p.city, [p.state, p.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
              p.country,
            ]
              .filter(Boolean)
              .join(', ')
          : '';
      return {
        invoiceSummary: {
          ...toInvoice(row),
          billerLogo: biller?.logoFileId ? `/images/billers/${biller.id}?v=${biller.updatedAt.getTime()}` : '',
          fullBillerAddress: address(biller),
          billerPhone: biller?.phone ?? '',
          fullCustomerAddress: address(customer),
          customerPhone: customer?.phone ?? '',
          customerEmail: customer?.email ?? '',
        },
        invoiceTotals: totalsOf(
          computeInvoiceTotals(lines, pays, {
            discountRedeemed: row.headerDiscount,
            awardPointsRedeemed: row.headerAwardPoints,
          }),
        ),
      };
    },

    async items(id: number, filter: Parameters<typeof repo.items>[2]) {
      if (!(await repo.find(db, id))) throw new NotFoundError(INVOICE_MESSAGES.notFound);
      const { rows, totalRows } = await repo.items(db, id, filter);
      return pageResponse('invoiceItems', rows.map(toItem), filter, totalRows);
    },

    /** Adds a line (or grows the merged one), priced by the customer's price group, and recomputes. */
    async addItem(input: { invoiceID: number; productID?: number; lookup?: string }, user: AuthUser) {
      return db.transaction(async (tx) => {
        await locked(tx, input.invoiceID);
        const invoice = (await repo.find(tx, input.invoiceID))!;
        const match =
          input.productID !== undefined ? { id: input.productID, byBox: false } : await matchProduct(tx, input.lookup!);
        const [product] = await tx
          .select()
          .from(products)
          .where(and(eq(products.id, match.id), isNull(products.deletedAt)));
        if (!product) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
        let price = product.sellingPrice;
        let srp = product.suggestedRetailPrice;
        if (invoice.priceGroupID !== DEFAULT_PRICE_GROUP_ID) {
          const [item] = await tx
            .select({ price: priceGroupItems.price, srp: priceGroupItems.suggestedRetailPrice })
            .from(priceGroupItems)
            .where(
              and(eq(priceGroupItems.priceGroupId, invoice.priceGroupID), eq(priceGroupItems.productId, product.id)),
            );
          if (item) {
            price = item.price;
            srp = item.srp;
          }
        }
        const quantity = match.byBox ? Math.max(1, product.unitQuantity) : 1;
        let itemId: number;
        const merge =
          invoice.mergeInvoiceItems === 1 ? await repo.mergeableLine(tx, invoice.id, product.id) : undefined;
        if (merge) {
          const q = merge.quantity + quantity;
          await repo.updateItem(tx, merge.id, { quantity: q, subtotal: lineSubtotal(q, merge.sellingPrice) });
          itemId = merge.id;
        } else {
          itemId = await repo.insertItem(tx, {
            invoiceId: invoice.id,
            productId: product.id,
            productName: product.name,
            barcode: product.barcode,
            costPrice: product.costPrice,
            sellingPrice: price,
            suggestedRetailPrice: srp,
            quantity,
            subtotal: lineSubtotal(quantity, price),
          });
        }
        await recomputeInvoice(tx, invoice.id);
        const item = (await repo.item(tx, itemId))!;
        await recordAudit(tx, user.id, 'invoice_item', itemId, merge ? 'update' : 'create', merge ?? null, item);
        return toItem(item);
      });
    },

    async updateItem(
      input: {
        id: number;
        invoiceID: number;
        quantity: number;
        damagedGood?: boolean;
        sellingPrice?: number;
        suggestedRetailPrice?: number;
      },
      user: AuthUser,
    ) {
      return db.transaction(async (tx) => {
        await locked(tx, input.invoiceID);
        const before = await repo.item(tx, input.id);
        if (!before || before.invoiceID !== input.invoiceID) throw new NotFoundError(INVOICE_MESSAGES.itemNotFound);
        if (input.damagedGood && input.quantity >= 0)
          throw new ValidationError(INVOICE_MESSAGES.damagedNeedsReturn, 'damagedGood');
        const sellingPrice = input.sellingPrice === undefined ? before.sellingPrice : toCents(input.sellingPrice);
        await repo.updateItem(tx, input.id, {
          quantity: input.quantity,
          sellingPrice,
          suggestedRetailPrice:
            input.suggestedRetailPrice === undefined
              ? before.suggestedRetailPrice
              : toCents(input.suggestedRetailPrice),
          subtotal: lineSubtotal(input.quantity, sellingPrice),
          // Damaged only on a return; cleared when the quantity is no longer negative.
          damagedGood: input.quantity < 0 ? (input.damagedGood ?? before.damagedGood) : false,
        });
        await recomputeInvoice(tx, input.invoiceID);
        const after = (await repo.item(tx, input.id))!;
        await recordAudit(tx, user.id, 'invoice_item', input.id, 'update', before, after);
        return toItem(after);
      });
    },

    async deleteItem(id: number, user: AuthUser) {
      const item = await repo.item(db, id);
      if (!item) throw new NotFoundError(INVOICE_MESSAGES.itemNotFound);
      await db.transaction(async (tx) => {
        await locked(tx, item.invoiceID);
        const current = await repo.item(tx, id);
        if (!current) throw new NotFoundError(INVOICE_MESSAGES.itemNotFound);
        await repo.removeItem(tx, id);
        await recomputeInvoice(tx, item.invoiceID);
        await recordAudit(tx, user.id, 'invoice_item', id, 'delete', current, null);
      });
      return { message: MESSAGES.deleted };
    },

    async update(input: InvoiceUpdateInput, user: AuthUser) {
      return db.transaction(async (tx) => {
        const { status } = await locked(tx, input.id);
        const before = (await repo.find(tx, input.id))!;
        const values: Parameters<typeof repo.update>[2] = {};
        const partiesChange =
          (input.billerID !== undefined && input.billerID !== before.billerID) ||
          (input.customerID !== undefined && (input.customerID ?? 0) !== before.customerID);
        if (partiesChange && status !== 'NEW') throw new ConflictError(INVOICE_MESSAGES.lockedParties);
        if (input.billerID !== undefined) {
          const [b] = await tx
            .select({ id: billers.id })
            .from(billers)
            .where(and(eq(billers.id, input.billerID), isNull(billers.deletedAt)));
          if (!b) throw new NotFoundError(PARTY_MESSAGES.billerNotFound);
          values.billerId = input.billerID;
        }
        if (input.customerID !== undefined) {
          if (input.customerID) {
            const [c] = await tx
              .select({ id: customers.id })
              .from(customers)
              .where(and(eq(customers.id, input.customerID), isNull(customers.deletedAt)));
            if (!c) throw new NotFoundError(PARTY_MESSAGES.customerNotFound);
          }
          values.customerId = input.customerID || null;
        }
        if (input.transferBiller) {
          if (before.billerID !== 1 && before.billerID !== 2)
            throw new ConflictError(INVOICE_MESSAGES.transferOnlyHouse);
          values.billerId = before.billerID === 1 ? 2 : 1;
        }
        if (input.transferStatus) {
          if (before.type !== 'consignment') throw new ConflictError(INVOICE_MESSAGES.notConsignment);
          values.consignmentStatus = before.consignmentStatus === 'PAID' ? 'DUE' : 'PAID';
        }
        if (input.date !== undefined) values.date = input.date;
        if (input.remarks !== undefined) values.remarks = input.remarks;
        if (input.notes !== undefined) values.notes = input.notes;
        if (input.discountRedeemed !== undefined) values.headerDiscount = toCents(input.discountRedeemed);
        if (input.awardPointsRedeemed !== undefined) values.headerAwardPoints = toCents(input.awardPointsRedeemed);
        for (const f of [
          'showSuggestedAnalysis',
          'showIndividualMargin',
          'showDamagedGoods',
          'mergeInvoiceItems',
        ] as const) {
          if (input[f] !== undefined) values[f] = input[f];
        }
        // Submit: leaves NEW; recompute settles DUE, PAID or REFUND from the balance.
        if (input.status === 'DUE' && status === 'NEW') values.status = 'DUE';
        await repo.update(tx, input.id, values);
        await recomputeInvoice(tx, input.id);
        const after = (await repo.find(tx, input.id))!;
        await recordAudit(tx, user.id, 'invoice', input.id, 'update', toInvoice(before), toInvoice(after));
        return toInvoice(after);
      });
    },

    /** Deletes the invoice with its lines and payments, keeping a record of all of it. */
    async remove(id: number, user: AuthUser) {
      await db.transaction(async (tx) => {
        await locked(tx, id);
        const [head, lines, pays] = await Promise.all([
          repo.find(tx, id),
          repo.allItems(tx, id),
          repo.allPayments(tx, id),
        ]);
        await repo.remove(tx, id);
        await recordAudit(tx, user.id, 'invoice', id, 'delete', { invoice: head, lines, payments: pays }, null);
      });
      return { message: MESSAGES.deleted };
    },

    async productHistory(itemId: number) {
      const item = await repo.item(db, itemId);
      if (!item) throw new NotFoundError(INVOICE_MESSAGES.itemNotFound);
      const invoice = (await repo.find(db, item.invoiceID))!;
      const rows = item.productID
        ? await repo.productHistory(db, item.productID, invoice.customerID || null, invoice.id)
        : [];
      return {
        invoiceItem: toItem(item),
        priceHistory: rows.map((r) => ({
          ...r,
          sellingPrice: toDollars(r.sellingPrice),
          suggestedRetailPrice: toDollars(r.suggestedRetailPrice),
        })),
      };
    },
  };
}
