import {
  addressLines,
  computeInvoiceTotals,
  HOUSE_BILLER_ID,
  INVOICE_MESSAGES,
  type InvoiceFilter,
  type InvoiceUpdateInput,
  MESSAGES,
  PARTY_MESSAGES,
  type PostalAddress,
  RECEIPT_MESSAGES,
  SECOND_BILLER_ID,
  toCents,
  toDollars,
  todayIn,
} from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { setsSomething } from '../../lib/table-rows.js';
import { billersRepository, toBiller } from '../billers/billers.repository.js';
import { customersRepository } from '../customers/customers.repository.js';
import { invoicePayments, lockInvoice, recomputeInvoice } from '../ledger/invoice-totals.js';
import { receiptsRepository } from '../receipts/receipts.repository.js';
import { checkCreditLimit } from '../receivables/credit-limit.js';
import { settingsRepository } from '../settings/settings.repository.js';
import { invoiceDeletionTrail } from './invoice-deletion.js';
import { invoiceItemsRepository } from './invoice-items.repository.js';
import { invoiceTrail, invoicesRepository as repo, toInvoice, toInvoiceTotals } from './invoices.repository.js';

/** "12 Main St, Springfield, IL 62701, USA" from a party's address fields. */
function fullAddress(p?: PostalAddress) {
  return p ? addressLines(p).join(', ') : '';
}

const FLAGS = ['showSuggestedAnalysis', 'showIndividualMargin', 'showDamagedGoods', 'mergeInvoiceItems'] as const;

export function createInvoicesService({ db, config }: AppContext) {
  /** A biller or customer an invoice may point at: one that exists and is not deleted. */
  const assertParties = async (tx: Tx, input: InvoiceUpdateInput) => {
    if (input.billerID !== undefined) {
      const biller = await billersRepository.find(tx, input.billerID);
      if (!biller || biller.deletedAt) throw new NotFoundError(PARTY_MESSAGES.billerNotFound);
    }
    if (input.customerID) {
      const customer = await customersRepository.find(tx, input.customerID);
      if (!customer || customer.deletedAt) throw new NotFoundError(PARTY_MESSAGES.customerNotFound);
    }
  };

  return {
    async create(type: 'invoice' | 'consignment', user: AuthUser) {
      return db.transaction(async (tx) => {
        const invoiceNo = await repo.nextInvoiceNo(tx);
        // The flags start as the settings say (docs/settings.md).
        const defaults = await settingsRepository.read(tx);
        const id = await repo.insert(tx, {
          invoiceNo,
          type,
          date: todayIn(config.timeZone),
          billerId: HOUSE_BILLER_ID,
          status: 'NEW',
          consignmentStatus: type === 'consignment' ? 'DUE' : null,
          showSuggestedAnalysis: Number(defaults.showSuggestedAnalysis),
          showIndividualMargin: Number(defaults.showIndividualMargin),
          showDamagedGoods: Number(defaults.showDamagedGoods),
        });
        await invoiceTrail.create(tx, user.id, id, (await repo.find(tx, id))!);
        return { id, invoiceNo };
      });
    },

    async list(filter: InvoiceFilter) {
      const { rows, totalRows, totals } = await repo.list(db, filter);
      return {
        ...pageResponse('invoices', rows.map(toInvoice), filter, totalRows),
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
      const [lines, payments, biller, customer] = await Promise.all([
        invoiceItemsRepository.ofInvoice(db, id),
        invoicePayments(db, id),
        billersRepository.find(db, row.billerID),
        row.customerID ? customersRepository.find(db, row.customerID) : undefined,
      ]);
      return {
        invoiceSummary: {
          ...toInvoice(row),
          billerLogo: biller ? toBiller(biller).logo : '',
          fullBillerAddress: fullAddress(biller),
          billerPhone: biller?.phone ?? '',
          fullCustomerAddress: fullAddress(customer),
          customerPhone: customer?.phone ?? '',
          customerEmail: customer?.email ?? '',
        },
        invoiceTotals: toInvoiceTotals(
          computeInvoiceTotals(lines, payments, {
            discountRedeemed: row.headerDiscount,
            awardPointsRedeemed: row.headerAwardPoints,
          }),
        ),
      };
    },

    /** Changes the header; biller and customer only while NEW (docs/business-rules.md, "Invoice states"). */
    async update(input: InvoiceUpdateInput, user: AuthUser) {
      return db.transaction(async (tx) => {
        const { status } = await lockInvoice(tx, input.id);
        const before = (await repo.find(tx, input.id))!;
        const values: Parameters<typeof repo.update>[2] = {};
        const partiesChange =
          (input.billerID !== undefined && input.billerID !== before.billerID) ||
          (input.customerID !== undefined && (input.customerID ?? 0) !== before.customerID);
        if (partiesChange && status !== 'NEW') throw new ConflictError(INVOICE_MESSAGES.lockedParties);
        await assertParties(tx, input);
        if (input.billerID !== undefined) values.billerId = input.billerID;
        if (input.customerID !== undefined) values.customerId = input.customerID || null;
        if (input.transferBiller) {
          if (before.billerID !== HOUSE_BILLER_ID && before.billerID !== SECOND_BILLER_ID)
            throw new ConflictError(INVOICE_MESSAGES.transferOnlyHouse);
          values.billerId = before.billerID === HOUSE_BILLER_ID ? SECOND_BILLER_ID : HOUSE_BILLER_ID;
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
        for (const f of FLAGS) if (input[f] !== undefined) values[f] = input[f];
        // Submit: leaves NEW; recompute settles DUE, PAID or REFUND from the balance.
        if (input.status === 'DUE' && status === 'NEW') values.status = 'DUE';
        // Nothing to change (a submit of an invoice already submitted: a double-clicked Submit):
        // the invoice as it stands, with nothing written, no recompute and no audit entry.
        if (!setsSomething(values)) return toInvoice(before);
        await repo.update(tx, input.id, values);
        await recomputeInvoice(tx, input.id);
        const after = (await repo.find(tx, input.id))!;
        await checkCreditLimit(tx, before, after, input.confirmCreditLimit, user);
        await invoiceTrail.update(tx, user.id, input.id, before, after);
        return toInvoice(after);
      });
    },

    /** Deletes the invoice with its lines and payments, keeping a record of all of it. */
    async remove(id: number, user: AuthUser) {
      await db.transaction(async (tx) => {
        await lockInvoice(tx, id);
        const head = await repo.find(tx, id);
        const lines = await invoiceItemsRepository.ofInvoice(tx, id);
        const payments = await invoicePayments(tx, id);
        // A receipt's share goes only with its receipt (docs/receivables.md "Receipts").
        const share = payments.find((p) => p.receiptId);
        if (share?.receiptId) {
          const receipt = await receiptsRepository.find(tx, share.receiptId);
          throw new ConflictError(RECEIPT_MESSAGES.invoiceInReceipt(head?.invoiceNo ?? '', receipt?.referenceNo ?? ''));
        }
        await repo.remove(tx, id);
        await invoiceDeletionTrail.delete(tx, user.id, id, { invoice: head!, lines, payments });
      });
      return { message: MESSAGES.deleted };
    },
  };
}
