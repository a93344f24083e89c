import { SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import {
  DEFAULT_PRINTER_DPI,
  type DocumentProof,
  formatDate,
  formatMoney,
  type InvoiceDocument,
  PRINTER_DPIS,
  type PrinterDpi,
  printerDpi,
  symbologyOrGuess,
} from '@wd/contracts';
import { useState } from 'react';
import { PrintedBarcode } from '../../../components/PrintedBarcode';
import { DocumentHead, DocumentTo } from '../components/DocumentHead';
import { PrintFrame } from '../components/PrintFrame';
import { ProofOfDelivery } from '../components/ProofOfDelivery';
import classes from '../components/thermal.module.css';
import { keyedRows } from '../rows';

const MM_PER_PX = 25.4 / 96;
/** A line's barcode spans the strip: 80 mm less 3 mm padding each side and the cell's 0.5 mm. */
const STRIP_BARCODE_MAX_WIDTH_IN = 73 / 25.4;

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
 * The thermal strip (docs/invoice-documents.md, the thermal strip). Each line's barcode sits
 * under it across the strip, sized in whole dots of a `dpi` printer. A driver's device prints it
 * without the barcode pictures (they come from the server); the proof of delivery shows under
 * the totals, the device's own before it has synced.
 */
export function ThermalStrip({
  doc,
  barcodes = true,
  dpi = DEFAULT_PRINTER_DPI,
  proof,
}: {
  doc: InvoiceDocument;
  barcodes?: boolean;
  dpi?: PrinterDpi;
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
        {/* A body a row: a line and its barcode stay together. */}
        {keyedRows(doc).map(({ key, row }) =>
          row.kind === 'line' ? (
            <tbody key={key} className={classes.line} data-testid="document-line">
              <tr>
                <td>{row.no}</td>
                <td className={classes.num}>{row.quantity}</td>
                <td>
                  {row.description}
                  {doc.columns.damaged && row.damagedGood && ' (Damaged)'}
                  <div className={classes.srp}>SRP {formatMoney(row.suggestedRetailPrice)}</div>
                </td>
                <td className={classes.num}>{formatMoney(row.unitPrice)}</td>
                <td className={classes.num}>{formatMoney(row.subtotal)}</td>
              </tr>
              {barcodes && row.barcode && (
                <tr>
                  <td colSpan={5}>
                    <PrintedBarcode
                      className={classes.barcode}
                      barcode={row.barcode}
                      symbology={symbologyOrGuess(row.symbology, row.barcode)}
                      dpi={dpi}
                      maxWidthIn={STRIP_BARCODE_MAX_WIDTH_IN}
                    />
                  </td>
                </tr>
              )}
            </tbody>
          ) : (
            <tbody key={key}>
              <tr className={classes.group} data-testid="document-group-row">
                <td />
                <td className={classes.num}>{row.quantity}</td>
                <td colSpan={2}>Subtotal</td>
                <td className={classes.num}>{formatMoney(row.subtotal)}</td>
              </tr>
            </tbody>
          ),
        )}
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

/** The receipt printer's resolution, remembered in this browser. */
const DPI_KEY = 'thermalPrinterDpi';
function storedDpi(): PrinterDpi {
  try {
    return printerDpi(localStorage.getItem(DPI_KEY) ?? DEFAULT_PRINTER_DPI);
  } catch {
    return DEFAULT_PRINTER_DPI;
  }
}

/**
 * /invoices/thermalPrint/{id}: the 80 mm strip; the print dialogue opens at once, for the
 * printer resolution chosen last (the dialog's choice; 203 dpi at first).
 */
export default function ThermalPrintPage() {
  const [dpi, setDpi] = useState(storedDpi);
  const options = (
    <Stack gap={4} mb="md">
      <Text fz="sm">Printer resolution</Text>
      <SegmentedControl
        data={PRINTER_DPIS.map((d) => ({ value: String(d), label: `${d} dpi` }))}
        value={String(dpi)}
        onChange={(value) => {
          const next = printerDpi(value);
          setDpi(next);
          localStorage.setItem(DPI_KEY, String(next));
        }}
      />
      <Text fz="xs" c="dimmed">
        Print at 100 % (no Fit to page): every bar is then a whole number of printer dots.
      </Text>
    </Stack>
  );
  // The page renders bare (no office shell): its own main landmark and h1, neither printed any
  // differently (a <main> has no style; the h1 is for screen readers only and takes no room).
  return (
    <main>
      <PrintFrame pageStyle={stripPage} options={options}>
        {(doc) => (
          <>
            <VisuallyHidden component="h1">Invoice {doc.invoice.number}</VisuallyHidden>
            <ThermalStrip doc={doc} dpi={dpi} />
          </>
        )}
      </PrintFrame>
    </main>
  );
}
