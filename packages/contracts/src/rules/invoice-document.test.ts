import { describe, expect, it } from 'vitest';
import {
  buildInvoiceDocument,
  type DocumentSource,
  type DocumentSourceLine,
  documentHeads,
  invoiceNumber,
} from './invoice-document.js';

const biller = {
  id: 2,
  company: 'Lone Star Wholesale',
  name: 'Ana Ruiz',
  addressLines: ['12 Main St', 'Austin, TX 78701'],
  phone: '512-555-0100',
  email: 'office@lonestar.test',
  logo: '',
};
const customer = {
  id: 7,
  company: 'Quick Stop #4',
  name: 'Sam Lee',
  addressLines: ['9 Elm Rd', 'Dallas, TX 75201'],
  phone: '214-555-0199',
  email: 'sam@quickstop.test',
};

let nextId = 1;
function line(barcode: string, quantity: number, sellingPrice: number, extra: Partial<DocumentSourceLine> = {}) {
  const id = nextId++;
  return {
    id,
    productID: id,
    barcode,
    symbology: 'upca',
    productName: `Product ${barcode}`,
    quantity,
    unitsPerCase: 12,
    sellingPrice,
    suggestedRetailPrice: 0,
    damagedGood: false,
    ...extra,
  };
}

function source(
  overrides: Partial<DocumentSource['invoice']> = {},
  rest: Partial<DocumentSource> = {},
): DocumentSource {
  return {
    invoice: {
      id: 42,
      invoiceNo: 'Invoice/1042',
      type: 'invoice',
      status: 'DUE',
      consignmentStatus: null,
      date: '2026-11-03',
      billerID: 2,
      notes: '',
      headerDiscount: 0,
      headerAwardPoints: 0,
      showSuggestedAnalysis: 0,
      showIndividualMargin: 0,
      showDamagedGoods: 0,
      ...overrides,
    },
    biller,
    customer,
    lines: [line('036000291452', 3, 250), line('012345678905', -1, 199, { damagedGood: true })],
    payments: [],
    ...rest,
  };
}

describe('the invoice document model', () => {
  it('numbers the invoice by the part after Invoice/', () => {
    expect(invoiceNumber('Invoice/1042')).toBe('1042');
    expect(invoiceNumber('1042')).toBe('1042');
    expect(buildInvoiceDocument(source()).invoice.number).toBe('1042');
  });

  it('computes lines, amounts and the footer from cents, with no float drift', () => {
    const doc = buildInvoiceDocument(
      source({}, { lines: [line('1', 3, 10), line('2', 7, 20), line('3', -1, 30)], payments: [] }),
    );
    expect(doc.lines.map((l) => [l.no, l.quantity, l.unitPrice, l.subtotal])).toEqual([
      [1, 3, 0.1, 0.3],
      [2, 7, 0.2, 1.4],
      [3, -1, 0.3, -0.3],
    ]);
    expect(doc.total).toBe(1.7);
    expect(doc.amountCredited).toBe(0.3);
    expect(doc.amount).toBe(1.4);
    expect(doc.totalQuantity).toBe(9);
  });

  it('hides the redeemed rows at $0.00 and keeps the others in the printed order', () => {
    const doc = buildInvoiceDocument(
      source({}, { payments: [{ amountPaid: 100, discountRedeemed: 0, awardPointsRedeemed: 0 }] }),
    );
    expect(doc.footer.map((r) => [r.label, r.amount])).toEqual([
      ['Total Amount', 7.5],
      ['Total Credit', 1.99],
      ['Total Paid', 1],
      ['Total Balance', 4.51],
    ]);
  });

  it('shows a redeemed discount, but the points value is fixed at $0.00 and so never shown', () => {
    const doc = buildInvoiceDocument(
      source(
        { headerDiscount: 50, headerAwardPoints: 300 },
        { payments: [{ amountPaid: 0, discountRedeemed: 25, awardPointsRedeemed: 40 }] },
      ),
    );
    expect(doc.footer.find((r) => r.key === 'redeemedDiscount')).toEqual({
      key: 'redeemedDiscount',
      label: 'Redeemed Discount Value',
      amount: 0.75,
    });
    expect(doc.footer.some((r) => r.key === 'redeemedPoints')).toBe(false);
    expect(doc.footer.find((r) => r.key === 'totalBalance')?.amount).toBe(4.76);
  });

  it('adds a group subtotal row after each run of two or more lines of one barcode, on consignment invoices only', () => {
    const lines = [line('A', 5, 100), line('A', -2, 100), line('B', 1, 300), line('A', 4, 100), line('A', 1, 100)];
    const consignment = buildInvoiceDocument(source({ type: 'consignment', consignmentStatus: 'DUE' }, { lines }));
    expect(
      consignment.rows.map((r) =>
        r.kind === 'line' ? `line ${r.barcode}` : `sum ${r.barcode} ${r.quantity} ${r.subtotal}`,
      ),
    ).toEqual(['line A', 'line A', 'sum A 3 3', 'line B', 'line A', 'line A', 'sum A 5 5']);
    const plain = buildInvoiceDocument(source({}, { lines }));
    expect(plain.rows).toEqual(plain.lines);
  });

  it('has the suggestion figures only with showSuggestedAnalysis, and the margin column only with showIndividualMargin', () => {
    const lines = [line('A', 2, 150, { suggestedRetailPrice: 200 }), line('B', -1, 100, { suggestedRetailPrice: 125 })];
    const off = buildInvoiceDocument(source({}, { lines }));
    expect(off.suggestions).toBeNull();
    expect(off.columns).toEqual({ suggested: false, margin: false, damaged: false });

    const on = buildInvoiceDocument(
      source({ showSuggestedAnalysis: 1, showIndividualMargin: 1, showDamagedGoods: 1 }, { lines }),
    );
    expect(on.columns).toEqual({ suggested: true, margin: true, damaged: true });
    // suggested: 2 × 2.00 = 4.00; credited 1.25; balance 2.75; amount 3.00 − 1.00 = 2.00.
    expect(on.suggestions).toEqual({
      totalSuggested: 4,
      suggestedCredited: 1.25,
      marginPercent: expect.closeTo(27.27, 2),
      suggestedBalance: 2.75,
      totalSuggestedProfit: 0.75,
    });
    expect(on.lines[0].marginPercent).toBeCloseTo(25, 6);
    expect(on.lines[0].suggestedSubtotal).toBe(4);
  });

  it('follows the biller 1 rules: consignment banner, and no biller block on its thermal strip', () => {
    expect(documentHeads(1, 'consignment')).toEqual({ print: 'consignmentBanner', thermal: 'consignmentBanner' });
    expect(documentHeads(1, 'invoice')).toEqual({ print: 'biller', thermal: 'none' });
    expect(documentHeads(2, 'consignment')).toEqual({ print: 'biller', thermal: 'biller' });
    expect(documentHeads(3, 'invoice')).toEqual({ print: 'biller', thermal: 'biller' });
    expect(buildInvoiceDocument(source({ billerID: 1, type: 'consignment' })).head.print).toBe('consignmentBanner');
  });

  it('names a walk-in customer and trims the notes for the customer', () => {
    const doc = buildInvoiceDocument(source({ notes: '  Deliver Tuesdays \n' }, { customer: null }));
    expect(doc.customerName).toBe('Walk-in customer');
    expect(doc.customer).toBeNull();
    expect(doc.notes).toBe('Deliver Tuesdays');
  });
});
