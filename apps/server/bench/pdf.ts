// The invoice PDF's render time (modules/invoice-documents/invoice-pdf.ts) for
// a 10-line and a 500-line invoice with every optional column: the median of
// a few renders after one to warm up, so `npm run bench` stays in seconds.
import { buildInvoiceDocument, type DocumentSourceLine, type InvoiceDocument } from '@wd/contracts';
import { renderInvoicePdf } from '../src/modules/invoice-documents/invoice-pdf.js';

const WORDS = ['Cola', 'Chips', 'Original', 'Family Size', 'Sugar Free', '12oz Can', 'Hot & Spicy', 'Value Pack'];

/** A submitted invoice of `count` lines, runs of one barcode as a consignment would have them. */
export function benchDocument(count: number): InvoiceDocument {
  const lines: DocumentSourceLine[] = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    productID: Math.floor(i / 3) + 1,
    barcode: String(700000000000 + Math.floor(i / 3)),
    symbology: 'upca',
    productName: Array.from({ length: 2 + (i % 5) }, (_, w) => WORDS[(i + w) % WORDS.length]).join(' '),
    quantity: i % 7 === 6 ? -1 : 1 + (i % 4),
    unitsPerCase: 12,
    sellingPrice: 199 + (i % 9) * 50,
    suggestedRetailPrice: 299 + (i % 9) * 60,
    damagedGood: i % 7 === 6,
  }));
  return buildInvoiceDocument({
    invoice: {
      id: 1,
      invoiceNo: 'Invoice/1042',
      type: 'consignment',
      status: 'DUE',
      consignmentStatus: 'DUE',
      date: '2026-03-14',
      billerID: 2,
      notes: 'Thank you for your business.',
      headerDiscount: 0,
      headerAwardPoints: 0,
      showSuggestedAnalysis: 1,
      showIndividualMargin: 1,
      showDamagedGoods: 1,
    },
    biller: {
      id: 2,
      company: 'Lone Star Wholesale',
      name: 'Pat Doe',
      addressLines: ['100 Commerce St', 'Dallas, TX 75201'],
      phone: '214-555-0100',
      email: '',
      logo: '',
    },
    customer: {
      id: 1,
      company: 'Quick Stop #7',
      name: 'Sam Lee',
      addressLines: ['9 Elm Rd', 'Dallas, TX 75201'],
      phone: '214-555-0199',
      email: '',
    },
    lines,
    payments: [],
  });
}

async function median(runs: number, render: () => Promise<unknown>): Promise<number> {
  await render();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await render();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

/** Median render time in ms by line count. */
export async function pdfRenderTimes(): Promise<Record<number, number>> {
  const times: Record<number, number> = {};
  for (const [count, runs] of [
    [10, 5],
    [500, 3],
  ]) {
    const doc = benchDocument(count);
    times[count] = Math.round(await median(runs, () => renderInvoicePdf(doc)));
  }
  return times;
}
