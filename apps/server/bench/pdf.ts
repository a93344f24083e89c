// The PDFs' render times: the invoice (modules/invoice-documents/invoice-pdf.ts)
// of 10 and 500 lines with every optional column, and the statement of account
// (modules/receivables/statement-pdf.ts) of 30 and 300 entries: the median of a
// few renders after three to warm up, so `npm run bench` stays in seconds.
import {
  buildInvoiceDocument,
  type DocumentSourceLine,
  type InvoiceDocument,
  type Statement,
  type StatementEntry,
} from '@wd/contracts';
import { renderInvoicePdf } from '../src/modules/invoice-documents/invoice-pdf.js';
import { renderStatementPdf } from '../src/modules/receivables/statement-pdf.js';

/** The store both documents are for. */
const CUSTOMER = {
  id: 1,
  company: 'Quick Stop #7',
  name: 'Sam Lee',
  addressLines: ['9 Elm Rd', 'Dallas, TX 75201'],
  phone: '214-555-0199',
  email: '',
};

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
    customer: CUSTOMER,
    lines,
    payments: [],
  });
}

async function median(runs: number, render: () => Promise<unknown>): Promise<number> {
  // A few renders first: a server that has drawn a PDF has its code compiled and the fonts' tables read.
  for (let i = 0; i < 3; i += 1) await render();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await render();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

/** A statement of `count` entries over a month: an invoice, then its payment, in turns. */
export function benchStatement(count: number): Statement {
  let balance = 1250;
  const entries: StatementEntry[] = Array.from({ length: count }, (_, i) => {
    const invoice = i % 2 === 0;
    const amount = 84.5 + (i % 7) * 12.25;
    balance = Math.round((balance + (invoice ? amount : -amount)) * 100) / 100;
    const no = `Invoice/${1000 + Math.floor(i / 2)}`;
    return {
      date: `2026-03-${String(1 + Math.floor((i * 28) / count)).padStart(2, '0')}`,
      kind: invoice ? 'invoice' : 'payment',
      reference: invoice ? no : `PAY-${String(5000 + i).padStart(6, '0')}`,
      invoiceNo: no,
      invoiceId: 1000 + Math.floor(i / 2),
      charge: invoice ? amount : 0,
      credit: invoice ? 0 : amount,
      balance,
    };
  });
  const sum = (k: 'charge' | 'credit') => Math.round(entries.reduce((n, e) => n + e[k] * 100, 0)) / 100;
  return {
    customer: CUSTOMER,
    from: {
      company: 'Lone Star Wholesale',
      addressLines: ['100 Commerce St', 'Dallas, TX 75201'],
      phone: '',
      email: '',
    },
    startDate: '2026-03-01',
    endDate: '2026-03-31',
    openingBalance: 1250,
    entries,
    totalCharges: sum('charge'),
    totalCredits: sum('credit'),
    closingBalance: balance,
  };
}

/** Median render times in ms: the invoice by line count, the statement by entry count. */
export async function pdfRenderTimes(): Promise<{ label: string; ms: number }[]> {
  const times: { label: string; ms: number }[] = [];
  for (const [count, runs] of [
    [10, 5],
    [500, 3],
  ]) {
    const doc = benchDocument(count);
    times.push({ label: `invoice, ${count} lines`, ms: Math.round(await median(runs, () => renderInvoicePdf(doc))) });
  }
  for (const count of [30, 300]) {
    const statement = benchStatement(count);
    times.push({
      label: `statement, ${count} entries`,
      ms: Math.round(await median(3, () => renderStatementPdf(statement))),
    });
  }
  return times;
}
