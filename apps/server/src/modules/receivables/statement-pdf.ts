import { formatDate, formatMoney, type PaperSize, type Statement } from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import { PdfCanvas, sumBoxHeight, type TableSpec } from '../../lib/pdf-canvas.js';
import { settingsRepository } from '../settings/settings.repository.js';

/**
 * The statement of account as a PDF (docs/receivables.md): A4 or Letter as
 * the settings say, 10 mm margins, the embedded font (searchable text in any
 * Latin, Greek or Cyrillic name), the table header on every page and at its
 * foot the customer, the period and "Page x of y".
 */

const TABLE: TableSpec = {
  columns: [
    { width: 64 },
    { width: 52 },
    {},
    { width: 96 },
    { width: 72, align: 'right', nowrap: true },
    { width: 72, align: 'right', nowrap: true },
    { width: 78, align: 'right', nowrap: true },
  ],
  header: {
    cells: ['Date', 'Type', 'Reference', 'Invoice', 'Charges', 'Credits', 'Balance'],
    style: { bold: true, fill: '#222222', color: '#ffffff' },
  },
  fontSize: 9,
  padding: 3,
};
const RULE = { width: 0.5, color: '#cccccc' };
const TITLE_WIDTH = 230;
const SUM_WIDTH = 220;

export function statementFileName(s: Statement): string {
  const company =
    s.customer.company.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || `customer-${s.customer.id}`;
  return `statement-${company}-${s.startDate}_${s.endDate}.pdf`;
}

/**
 * The statement PDF on that paper. Its creation date is the statement's end
 * date, so the same statement gives the same bytes.
 */
export function renderStatementPdf(s: Statement, paperSize: PaperSize = 'A4'): Promise<Buffer> {
  const money = (n: number) => (n === 0 ? '' : formatMoney(n));
  const from = [...s.from.addressLines, s.from.phone ? `Phone: ${s.from.phone}` : '', s.from.email].filter(Boolean);
  const to = [...s.customer.addressLines, s.customer.phone ? `Phone: ${s.customer.phone}` : ''].filter(Boolean);
  const period = `${formatDate(s.startDate)} to ${formatDate(s.endDate)}`;
  const c = new PdfCanvas(paperSize, {
    title: `Statement ${s.customer.company} ${period}`,
    creationDate: new Date(`${s.endDate}T12:00:00Z`),
  });
  const sender = c.stack(c.left, c.y, c.width - TITLE_WIDTH - 12, [
    { text: s.from.company, size: 13, bold: true, gap: 2 },
    ...from.map((line) => ({ text: line, size: 9, gap: 0 })),
  ]);
  const title = c.stack(c.right - TITLE_WIDTH, c.y, TITLE_WIDTH, [
    { text: 'Statement of Account', size: 18, bold: true, gap: 4, align: 'right' },
    { text: period, size: 9, gap: 1, align: 'right' },
  ]);
  c.y += Math.max(sender, title);
  c.addressee(s.customer.company, [...(s.customer.name ? [s.customer.name] : []), ...to]);
  c.y += 12;
  const opening = [formatDate(s.startDate), '', 'Opening balance', '', '', '', formatMoney(s.openingBalance)];
  c.table(TABLE, [
    { cells: opening, style: { bold: true, border: RULE } },
    ...s.entries.map((e) => ({
      cells: [
        formatDate(e.date),
        e.kind === 'invoice' ? 'Invoice' : 'Payment',
        e.reference,
        e.kind === 'invoice' ? '' : e.invoiceNo,
        money(e.charge),
        money(e.credit),
        formatMoney(e.balance),
      ],
      style: { border: RULE },
    })),
  ]);
  const sums = [
    { label: 'Opening balance', value: formatMoney(s.openingBalance) },
    { label: 'Charges', value: formatMoney(s.totalCharges) },
    { label: 'Credits', value: formatMoney(s.totalCredits) },
    { label: 'Closing balance', value: formatMoney(s.closingBalance), closing: true },
  ];
  c.y += 10;
  c.ensure(sumBoxHeight(null, sums));
  c.sumBox(c.right - SUM_WIDTH, c.y, SUM_WIDTH, null, sums);
  return c.finish(`Statement of Account · ${s.customer.company} · ${period}`);
}

/** The statement's PDF on the settings' paper, for the download and the e-mail. */
export async function statementPdf(db: Tx, s: Statement): Promise<Buffer> {
  return renderStatementPdf(s, await settingsRepository.paperSize(db));
}
