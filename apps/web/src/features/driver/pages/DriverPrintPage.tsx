import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { buildInvoiceDocument, HOUSE_BILLER_ID, type InvoiceDocument, toCents } from '@wd/contracts';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { stripPage, ThermalStrip } from '../../invoice-documents/pages/ThermalPrintPage';
import { type DeviceInvoice, type DownloadMeta, driverDb, type StoredStop } from '../db';

/** The store's copy of a device invoice, built by the same rule as the office's print. */
export function deviceDocument(inv: DeviceInvoice, meta: DownloadMeta, stop: StoredStop | undefined): InvoiceDocument {
  return buildInvoiceDocument({
    invoice: {
      id: 0,
      invoiceNo: inv.number ? `Invoice/${inv.number}` : 'Draft',
      type: inv.type,
      status: 'DUE',
      consignmentStatus: inv.type === 'consignment' ? 'DUE' : null,
      date: inv.date,
      billerID: HOUSE_BILLER_ID,
      notes: '',
      headerDiscount: 0,
      headerAwardPoints: 0,
      showSuggestedAnalysis: Number(meta.settings.showSuggestedAnalysis),
      showIndividualMargin: Number(meta.settings.showIndividualMargin),
      showDamagedGoods: Number(meta.settings.showDamagedGoods),
    },
    biller: meta.biller,
    customer: stop?.party ?? {
      id: inv.customerID,
      company: inv.customer,
      name: '',
      addressLines: [],
      phone: '',
      email: '',
    },
    lines: inv.lines.map((l, i) => ({
      id: i + 1,
      productID: l.productID,
      barcode: l.barcode,
      symbology: 'upca',
      productName: l.productName,
      quantity: l.quantity,
      unitsPerCase: 1,
      sellingPrice: toCents(l.sellingPrice),
      suggestedRetailPrice: toCents(l.suggestedRetailPrice),
      damagedGood: l.damaged,
    })),
    payments: inv.payments.map((p) => ({ amountPaid: toCents(p.amount), discountRedeemed: 0, awardPointsRedeemed: 0 })),
  });
}

const HIDE_IN_PRINT =
  '@media print { [data-noprint] { display: none !important; } html, body { background: #fff !important; } }';

/** /driver/print/{localId}: the 80 mm strip of a device invoice; the print dialogue opens at once. */
export default function DriverPrintPage() {
  const { localId = '' } = useParams();
  const inv = useLiveQuery(() => driverDb.invoices.get(localId), [localId]);
  const meta = useLiveQuery(() => driverDb.meta.get('download'));
  const stop = useLiveQuery(async () => (inv ? driverDb.stops.get(inv.customerID) : undefined), [inv?.customerID]);
  const root = useRef<HTMLDivElement>(null);
  const style = useRef<HTMLStyleElement>(null);
  const printed = useRef(false);
  const ready = Boolean(inv && meta);

  const print = () => {
    if (style.current && root.current) style.current.textContent = `${stripPage(root.current)}\n${HIDE_IN_PRINT}`;
    window.print();
  };
  useEffect(() => {
    if (!ready || printed.current) return;
    printed.current = true;
    const timer = setTimeout(print, 300);
    return () => clearTimeout(timer);
  });

  if (inv === undefined || meta === undefined) {
    return (
      <Alert color="yellow" title="This invoice is not on the device">
        <Anchor component={Link} to="/driver">
          Back to today's stops
        </Anchor>
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <style ref={style} />
      <Group grow data-noprint>
        <Button size="lg" variant="light" onClick={print}>
          Print
        </Button>
        <Button size="lg" component={Link} to="/driver">
          Next stop
        </Button>
      </Group>
      <div ref={root}>
        <ThermalStrip
          doc={deviceDocument(inv, meta, stop)}
          barcodes={false}
          proof={
            inv.proof
              ? { ...inv.proof, latitude: inv.proof.latitude ?? null, longitude: inv.proof.longitude ?? null }
              : null
          }
        />
      </div>
    </Stack>
  );
}
