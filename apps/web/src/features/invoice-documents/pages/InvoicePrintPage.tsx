import { formatDate, formatMoney, formatPercent, type InvoiceDocument } from '@wd/contracts';
import { DocumentHead, DocumentTo } from '../components/DocumentHead';
import { PrintFrame } from '../components/PrintFrame';
import { ProofOfDelivery } from '../components/ProofOfDelivery';
import classes from '../components/print.module.css';
import { keyedRows } from '../rows';

/** Letter or A4, whichever the printer holds, with 10 mm margins. */
const PAGE = '@page { size: auto; margin: 10mm; }';

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
          <div className={classes.title}>INVOICE</div>
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
          <h3>Notes For Customer</h3>
          {doc.notes}
        </div>
      )}
      {doc.proof && <ProofOfDelivery proof={doc.proof} className={classes.notes} />}
    </div>
  );
}

/** /invoices/print/{id}: the letter-size printout; the print dialogue opens at once. */
export default function InvoicePrintPage() {
  return <PrintFrame pageStyle={PAGE}>{(doc) => <InvoiceSheet doc={doc} />}</PrintFrame>;
}
