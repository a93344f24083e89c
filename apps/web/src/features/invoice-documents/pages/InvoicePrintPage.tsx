import { formatDate, formatMoney, formatPercent, type InvoiceDocument, type PaperSize } from '@wd/contracts';
import { useCallback } from 'react';
import { useSettings } from '../../../lib/settings';
import { DocumentHead, DocumentTo } from '../components/DocumentHead';
import { PrintFrame } from '../components/PrintFrame';
import { ProofOfDelivery } from '../components/ProofOfDelivery';
import classes from '../components/print.module.css';
import { keyedRows } from '../rows';

/** The CSS page size of each paper of the settings. */
const CSS_PAPER: Record<PaperSize, string> = { A4: 'A4', Letter: 'letter' };

/** Text as a CSS string (quoted, its quotes and backslashes escaped, a line break as \A). */
const cssString = (text: string) => `"${text.replace(/["\\]/g, '\\$&').replace(/\r?\n/g, '\\A ')}"`;

/**
 * The page rule: the settings' paper, portrait, with 10 mm margins, and in the
 * bottom margin of every page the invoice's number (left) and "Page x of y"
 * (right), as CSS page-margin boxes. Chromium (131 and later) prints them;
 * a browser without margin boxes leaves them out and prints the rest.
 */
export function invoicePageRule(paper: PaperSize, number: string): string {
  const foot = 'font: 8pt Arial, Helvetica, sans-serif; color: #555;';
  return [
    `@page { size: ${CSS_PAPER[paper]} portrait; margin: 10mm;`,
    `  @bottom-left { content: ${cssString(`Invoice No: ${number}`)}; ${foot} }`,
    `  @bottom-right { content: "Page " counter(page) " of " counter(pages); ${foot} }`,
    '}',
  ].join('\n');
}

function Lines({ doc }: { doc: InvoiceDocument }) {
  const { margin } = doc.columns;
  return (
    <table className={classes.lines} data-testid="document-lines">
      <thead>
        <tr>
          <th className={classes.num}>No</th>
          <th className={classes.num}>Qty</th>
          <th>Description</th>
          <th className={classes.num}>Unit Price</th>
          <th className={classes.num}>SRP</th>
          {margin && <th className={classes.num}>Margin %</th>}
          <th className={classes.num}>Subtotal</th>
        </tr>
      </thead>
      <tbody>
        {keyedRows(doc).map(({ key, row }) =>
          row.kind === 'line' ? (
            <tr key={key} data-testid="document-line">
              <td className={classes.num}>{row.no}</td>
              <td className={classes.num}>{row.quantity}</td>
              <td>
                {row.description}
                {row.damagedGood && ' (Damaged)'}
                {row.barcode && <div className={classes.barcode}>{row.barcode}</div>}
              </td>
              <td className={classes.num}>{formatMoney(row.unitPrice)}</td>
              <td className={classes.num}>{formatMoney(row.suggestedRetailPrice)}</td>
              {margin && <td className={classes.num}>{formatPercent(row.marginPercent)}</td>}
              <td className={classes.num}>{formatMoney(row.subtotal)}</td>
            </tr>
          ) : (
            <tr key={key} className={classes.group} data-testid="document-group-row">
              <td />
              <td className={classes.num}>{row.quantity}</td>
              <td colSpan={margin ? 4 : 3}>Subtotal {row.description}</td>
              <td className={classes.num}>{formatMoney(row.subtotal)}</td>
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}

function Figures({ rows, testId }: { rows: { label: string; value: string }[]; testId: string }) {
  return (
    <table className={classes.figures} data-testid={testId}>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label}>
            <td>{r.label}</td>
            <td className={classes.num}>{r.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The invoice on paper (docs/invoice-documents.md). */
export function InvoiceSheet({ doc }: { doc: InvoiceDocument }) {
  const s = doc.suggestions;
  return (
    <div className={classes.sheet} data-testid="invoice-sheet">
      <div className={classes.top}>
        <DocumentHead doc={doc} head={doc.head.print} />
        <div className={classes.meta}>
          <h1 className={classes.title}>INVOICE</h1>
          <div>
            Date: <b>{formatDate(doc.invoice.date)}</b>
          </div>
          <div>
            Invoice No: <b data-testid="document-number">{doc.invoice.number}</b>
          </div>
        </div>
      </div>
      <DocumentTo doc={doc} className={classes.to} />
      <Lines doc={doc} />
      <div className={classes.after}>
        {s && (
          <Figures
            testId="document-suggestions"
            rows={[
              { label: 'Total Sugg', value: formatMoney(s.totalSuggested) },
              { label: 'Sugg Credit', value: formatMoney(s.suggestedCredited) },
              { label: 'Margin %', value: formatPercent(s.marginPercent) },
              { label: 'Sugg Balance', value: formatMoney(s.suggestedBalance) },
            ]}
          />
        )}
        <Figures
          testId="document-footer"
          rows={doc.footer.map((f) => ({ label: f.label, value: formatMoney(f.amount) }))}
        />
      </div>
      {doc.notes && (
        <div className={classes.notes} data-testid="document-notes">
          <h2>Notes For Customer</h2>
          {doc.notes}
        </div>
      )}
      {doc.proof && <ProofOfDelivery proof={doc.proof} className={classes.notes} />}
    </div>
  );
}

/** /invoices/print/{id}: the printout on the settings' paper (A4 or Letter); the print dialogue opens at once. */
export default function InvoicePrintPage() {
  const { paperSize } = useSettings().settings;
  const pageStyle = useCallback(
    (_root: HTMLElement, doc: InvoiceDocument) => invoicePageRule(paperSize, doc.invoice.number),
    [paperSize],
  );
  // The page renders bare (no office shell): its own main landmark; the sheet's INVOICE is its h1.
  return (
    <main>
      <PrintFrame pageStyle={pageStyle}>{(doc) => <InvoiceSheet doc={doc} />}</PrintFrame>
    </main>
  );
}
