import { barcodeImagePath, type DocumentProof, formatDate, formatMoney, type InvoiceDocument } from '@wd/contracts';
import { DocumentHead, DocumentTo } from '../components/DocumentHead';
import { PrintFrame } from '../components/PrintFrame';
import { ProofOfDelivery } from '../components/ProofOfDelivery';
import classes from '../components/thermal.module.css';
import { keyedRows } from '../rows';

const MM_PER_PX = 25.4 / 96;

/**
 * One page 80 mm wide and exactly as long as the strip (a roll has no page
 * length: a fixed one would cut a long invoice into pages).
 */
export function stripPage(root: HTMLElement): string {
  const strip = root.querySelector<HTMLElement>('[data-testid="thermal-strip"]');
  const height = Math.ceil((strip?.scrollHeight ?? 0) * MM_PER_PX) + 2;
  return `@page { size: 80mm ${Math.max(height, 40)}mm; margin: 0; }`;
}

/**
 * The thermal strip (docs/invoice-documents.md, the thermal strip). A driver's device prints it
 * without the barcode pictures (they come from the server); the proof of delivery shows under
 * the totals, the device's own before it has synced.
 */
export function ThermalStrip({
  doc,
  barcodes = true,
  proof,
}: {
  doc: InvoiceDocument;
  barcodes?: boolean;
  proof?: DocumentProof | null;
}) {
  const received = proof ?? doc.proof;
  return (
    <div className={classes.strip} data-testid="thermal-strip">
      <DocumentHead doc={doc} head={doc.head.thermal} className={classes.head} />
      <div className={classes.meta}>
        <span>Date: {formatDate(doc.invoice.date)}</span>
        <span>
          Invoice No: <b data-testid="document-number">{doc.invoice.number}</b>
        </span>
      </div>
      <DocumentTo doc={doc} className={classes.to} />
      <table className={classes.table} data-testid="document-lines">
        <colgroup>
          <col style={{ width: '7%' }} />
          <col style={{ width: '9%' }} />
          <col />
          <col style={{ width: '18%' }} />
          <col style={{ width: '20%' }} />
        </colgroup>
        <thead>
          <tr>
            <th>No</th>
            <th className={classes.num}>Qty</th>
            <th>Description</th>
            <th className={classes.num}>Unit Price</th>
            <th className={classes.num}>Subtotal</th>
          </tr>
        </thead>
        <tbody>
          {keyedRows(doc).map(({ key, row }) =>
            row.kind === 'line' ? (
              <tr key={key} data-testid="document-line">
                <td>{row.no}</td>
                <td className={classes.num}>{row.quantity}</td>
                <td>
                  {row.description}
                  {doc.columns.damaged && row.damagedGood && ' (Damaged)'}
                  {barcodes && row.barcode && (
                    <img className={classes.barcode} src={barcodeImagePath(row.barcode)} alt={row.barcode} />
                  )}
                  <div className={classes.srp}>SRP {formatMoney(row.suggestedRetailPrice)}</div>
                </td>
                <td className={classes.num}>{formatMoney(row.unitPrice)}</td>
                <td className={classes.num}>{formatMoney(row.subtotal)}</td>
              </tr>
            ) : (
              <tr key={key} className={classes.group} data-testid="document-group-row">
                <td />
                <td className={classes.num}>{row.quantity}</td>
                <td colSpan={2}>Subtotal</td>
                <td className={classes.num}>{formatMoney(row.subtotal)}</td>
              </tr>
            ),
          )}
        </tbody>
      </table>
      <table className={classes.footer} data-testid="document-footer">
        <tbody>
          {doc.footer.map((f) => (
            <tr key={f.key}>
              <td>{f.label}</td>
              <td className={classes.num}>{formatMoney(f.amount)}</td>
            </tr>
          ))}
          <tr>
            <td>Total Quantity</td>
            <td className={classes.num} data-testid="total-quantity">
              {doc.totalQuantity}
            </td>
          </tr>
        </tbody>
      </table>
      {received && <ProofOfDelivery proof={received} className={classes.notes} />}
      {doc.notes && (
        <div className={classes.notes} data-testid="document-notes">
          <b>Notes For Customer</b>
          <div>{doc.notes}</div>
        </div>
      )}
    </div>
  );
}

/** /invoices/thermalPrint/{id}: the 80 mm strip; the print dialogue opens at once. */
export default function ThermalPrintPage() {
  return <PrintFrame pageStyle={stripPage}>{(doc) => <ThermalStrip doc={doc} />}</PrintFrame>;
}
