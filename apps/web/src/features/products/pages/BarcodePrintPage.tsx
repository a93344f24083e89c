import { Button, Group, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  callRoutes,
  formatMoney,
  LABEL_BARCODE_MAX_WIDTH_IN,
  LABELS_PER_SHEET,
  labelNameLines,
  labelSheets,
  printerDpi,
  symbologyOrGuess,
} from '@wd/contracts';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PrintedBarcode } from '../../../components/PrintedBarcode';
import { callApi } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';
import { useBarcodeItems } from '../api';
import { labelBarcodeSize, storedLabelDpi } from '../label-printer';
import classes from './BarcodePrintPage.module.css';

const { billerCalls } = callRoutes;

/** The house biller's (biller 1) company name, once billers exist; none otherwise. */
function useCompanyName(enabled: boolean) {
  return useQuery({
    queryKey: keys.billers.detail(1),
    queryFn: async () => (await callApi(billerCalls.get, { params: { id: 1 } })).biller,
    select: (biller) => biller.company,
    enabled,
    retry: false,
  });
}

/**
 * The label sheet: 114 labels a sheet, a page break after each, every barcode sized for the
 * printer's resolution (?dpi=, else the one chosen last); opens the print dialogue once images
 * load, unless a barcode is too long to scan on a label (the toolbar says which; those labels
 * show the code as text).
 */
export default function BarcodePrintPage() {
  const [params] = useSearchParams();
  const show = new Set((params.get('show') ?? 'company,name1,name2,barcode,srp').split(','));
  const dpi = params.get('dpi') ? printerDpi(params.get('dpi')) : storedLabelDpi();
  const items = useBarcodeItems();
  const company = useCompanyName(show.has('company'));
  const sheets = labelSheets(items.data ?? []);
  const total = sheets.reduce((n, s) => n + s.length, 0);
  // Labels are positional: a sheet's place and a label's place are their identity.
  const positioned = sheets.map((labels, s) => ({
    sheet: s + 1,
    labels: labels.map((item, i) => ({ position: s * LABELS_PER_SHEET + i, item })),
  }));
  const tooLong = show.has('barcode')
    ? (items.data ?? []).filter((i) => i.quantity > 0 && !labelBarcodeSize(i, dpi).fits)
    : [];
  const root = useRef<HTMLElement>(null);
  const printed = useRef(false);

  useEffect(() => {
    if (!items.data || printed.current || total === 0 || tooLong.length > 0) return;
    if (show.has('company') && company.isPending) return;
    const images = [...(root.current?.querySelectorAll('img') ?? [])];
    Promise.all(
      images.map((img) =>
        img.complete
          ? null
          : new Promise((r) => {
              img.addEventListener('load', r, { once: true });
              img.addEventListener('error', r, { once: true });
            }),
      ),
    ).then(() => {
      printed.current = true;
      window.print();
    });
  }, [items.data, total, company.isPending, show, tooLong.length]);

  // The page renders bare (no office shell): it is its own main landmark, its title the h1. The
  // toolbar does not print; a <main> has no style of its own, so the sheets print as before.
  return (
    <main ref={root}>
      <Group className={classes.toolbar} justify="space-between" p="sm">
        <div>
          <Title order={1} size="h4">
            Print Barcode Labels
          </Title>
          <Text fz="sm">
            {items.isPending
              ? 'Loading labels…'
              : `${total} label${total === 1 ? '' : 's'} on ${sheets.length} sheet${sheets.length === 1 ? '' : 's'} of ${LABELS_PER_SHEET}, for a ${dpi} dpi printer: print at 100 % (Actual size), no Fit to page`}
          </Text>
          {tooLong.length > 0 && (
            <Text fz="sm" c="red" data-testid="labels-too-long">
              Too long to scan on a label at {dpi} dpi: {tooLong.map((i) => i.barcode).join(', ')}. Those labels show
              the code as text, without bars.
            </Text>
          )}
        </div>
        <Group gap="xs">
          <Button variant="default" component={Link} to="/products/barcode">
            Back
          </Button>
          <Button onClick={() => window.print()} disabled={total === 0}>
            Print
          </Button>
        </Group>
      </Group>
      {positioned.map(({ sheet, labels }) => (
        <div className={classes.sheet} key={sheet} data-testid="label-sheet">
          {labels.map(({ position, item }) => {
            const [line1, line2] = labelNameLines(item.productName);
            return (
              <div className={classes.label} key={position} data-testid="label">
                {show.has('company') && company.data && (
                  <div className={classes.company} data-testid="label-company">
                    {company.data}
                  </div>
                )}
                {show.has('name1') && <div className={classes.name}>{line1}</div>}
                {show.has('name2') && line2 && <div className={classes.name}>{line2}</div>}
                {show.has('barcode') && (
                  <PrintedBarcode
                    className={classes.barcode}
                    barcode={item.barcode}
                    symbology={symbologyOrGuess(item.barcodeSymbology, item.barcode)}
                    dpi={dpi}
                    maxWidthIn={LABEL_BARCODE_MAX_WIDTH_IN}
                    module="smallest"
                  />
                )}
                {show.has('srp') && <div className={classes.price}>{formatMoney(item.suggestedRetailPrice)}</div>}
              </div>
            );
          })}
        </div>
      ))}
    </main>
  );
}
