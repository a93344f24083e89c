import { toDollars } from '../common/money.js';
import type {
  DocumentBiller,
  DocumentFooterRow,
  DocumentHead,
  DocumentLine,
  DocumentParty,
  DocumentProof,
  DocumentRow,
  FooterRowKey,
  InvoiceDocument,
} from '../invoice-documents.js';
import { FOOTER_ROWS } from '../invoice-documents.js';
import { WALK_IN_CUSTOMER } from '../invoice-names.js';
import { HOUSE_BILLER_ID } from '../parties.js';
import { computeInvoiceTotals, type TotalsPayment } from './invoice-totals.js';
import { lineMarginPercent } from './margins.js';

/** A line as stored (money in cents), with what the printout needs of its product. */
export interface DocumentSourceLine {
  id: number;
  productID: number;
  barcode: string;
  symbology: string;
  productName: string;
  quantity: number;
  unitsPerCase: number;
  sellingPrice: number;
  suggestedRetailPrice: number;
  damagedGood: boolean;
}

/** Everything the printed invoice is made of, as the database holds it (cents). */
export interface DocumentSource {
  invoice: {
    id: number;
    invoiceNo: string;
    type: 'invoice' | 'consignment';
    status: 'NEW' | 'DUE' | 'PAID' | 'REFUND';
    consignmentStatus: 'DUE' | 'PAID' | null;
    date: string;
    billerID: number;
    notes: string;
    headerDiscount: number;
    headerAwardPoints: number;
    /** The 0/1 flags. */
    showSuggestedAnalysis: number;
    showIndividualMargin: number;
    showDamagedGoods: number;
  };
  biller: DocumentBiller;
  customer: DocumentParty | null;
  /** In the order they were added. */
  lines: DocumentSourceLine[];
  payments: TotalsPayment[];
  /** The proof of delivery of a driver's invoice. */
  proof?: DocumentProof | null;
}

/** 'Invoice/1042' → '1042'; a number without the prefix stays as it is. */
export function invoiceNumber(invoiceNo: string): string {
  const slash = invoiceNo.indexOf('/');
  return slash >= 0 ? invoiceNo.slice(slash + 1) : invoiceNo;
}

/**
 * Biller 1 (the house) prints a consignment invoice under the fixed consignment
 * banner instead of its details, and its thermal strip has no biller block at
 * all; every other biller shows its logo and details everywhere.
 */
export function documentHeads(billerID: number, type: 'invoice' | 'consignment') {
  const house = billerID === HOUSE_BILLER_ID;
  const banner = house && type === 'consignment';
  const print: DocumentHead = banner ? 'consignmentBanner' : 'biller';
  const thermal: DocumentHead = banner ? 'consignmentBanner' : house ? 'none' : 'biller';
  return { print, thermal };
}

/**
 * After each run of consecutive lines with one barcode, a row with the run's
 * quantity and subtotal. A run of a single line gets none: its subtotal would
 * only repeat the line.
 */
export function withGroupSubtotals(lines: DocumentLine[]): DocumentRow[] {
  const rows: DocumentRow[] = [];
  let quantity = 0;
  let cents = 0;
  let runLength = 0;
  lines.forEach((line, i) => {
    rows.push(line);
    quantity += line.quantity;
    cents += Math.round(line.subtotal * 100);
    runLength += 1;
    if (lines[i + 1]?.barcode !== line.barcode) {
      if (runLength > 1)
        rows.push({
          kind: 'groupSubtotal',
          barcode: line.barcode,
          description: line.description,
          quantity,
          subtotal: toDollars(cents),
        });
      quantity = 0;
      cents = 0;
      runLength = 0;
    }
  });
  return rows;
}

/** Redeemed rows are left out at $0.00; the points value is fixed at $0.00 (so never shown). */
const HIDDEN_AT_ZERO: FooterRowKey[] = ['redeemedDiscount', 'redeemedPoints'];

/** The printed invoice from what the database holds (docs/invoice-documents.md). */
export function buildInvoiceDocument(source: DocumentSource): InvoiceDocument {
  const { invoice } = source;
  const totals = computeInvoiceTotals(
    source.lines.map((l) => ({
      quantity: l.quantity,
      sellingPrice: l.sellingPrice,
      suggestedRetailPrice: l.suggestedRetailPrice,
    })),
    source.payments,
    { discountRedeemed: invoice.headerDiscount, awardPointsRedeemed: invoice.headerAwardPoints },
  );
  const lines: DocumentLine[] = source.lines.map((l, i) => ({
    kind: 'line',
    no: i + 1,
    id: l.id,
    productID: l.productID,
    barcode: l.barcode,
    symbology: l.symbology,
    description: l.productName,
    quantity: l.quantity,
    unitsPerCase: Math.max(1, l.unitsPerCase),
    unitPrice: toDollars(l.sellingPrice),
    suggestedRetailPrice: toDollars(l.suggestedRetailPrice),
    subtotal: toDollars(l.quantity * l.sellingPrice),
    suggestedSubtotal: toDollars(l.quantity * l.suggestedRetailPrice),
    marginPercent: lineMarginPercent(l.sellingPrice, l.suggestedRetailPrice),
    damagedGood: l.damagedGood,
  }));
  const amountCents = totals.total - totals.amountCredited;
  const footerCents: Record<FooterRowKey, number> = {
    totalAmount: totals.total,
    totalCredit: totals.amountCredited,
    redeemedDiscount: totals.discountRedeemed,
    redeemedPoints: 0,
    totalPaid: totals.paid,
    totalBalance: totals.balance,
  };
  const footer: DocumentFooterRow[] = (Object.keys(FOOTER_ROWS) as FooterRowKey[])
    .filter((key) => !(HIDDEN_AT_ZERO.includes(key) && footerCents[key] === 0))
    .map((key) => ({ key, label: FOOTER_ROWS[key], amount: toDollars(footerCents[key]) }));
  return {
    invoice: {
      id: invoice.id,
      invoiceNo: invoice.invoiceNo,
      number: invoiceNumber(invoice.invoiceNo),
      type: invoice.type,
      status: invoice.status,
      consignmentStatus: invoice.consignmentStatus,
      date: invoice.date,
    },
    biller: source.biller,
    customer: source.customer,
    customerName: source.customer?.company || WALK_IN_CUSTOMER,
    head: documentHeads(invoice.billerID, invoice.type),
    columns: {
      suggested: invoice.showSuggestedAnalysis === 1,
      margin: invoice.showIndividualMargin === 1,
      damaged: invoice.showDamagedGoods === 1,
    },
    lines,
    rows: invoice.type === 'consignment' ? withGroupSubtotals(lines) : lines,
    footer,
    suggestions:
      invoice.showSuggestedAnalysis === 1
        ? {
            totalSuggested: toDollars(totals.totalSuggested),
            suggestedCredited: toDollars(totals.suggestedCredited),
            marginPercent: lineMarginPercent(amountCents, totals.suggestedBalance),
            suggestedBalance: toDollars(totals.suggestedBalance),
            totalSuggestedProfit: toDollars(totals.totalSuggestedProfit),
          }
        : null,
    totalQuantity: lines.reduce((s, l) => s + l.quantity, 0),
    amount: toDollars(amountCents),
    total: toDollars(totals.total),
    amountCredited: toDollars(totals.amountCredited),
    paid: toDollars(totals.paid),
    balance: toDollars(totals.balance),
    notes: invoice.notes.trim(),
    proof: source.proof ?? null,
  };
}
