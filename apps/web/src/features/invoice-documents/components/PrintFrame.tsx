import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { InvoiceDocument } from '@wd/contracts';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useIdParam } from '../../../lib/route-params';
import { useInvoiceDocument } from '../api';

/** Waits for every image under `root` (logo, barcodes) to load or fail. */
function imagesLoaded(root: HTMLElement | null): Promise<unknown> {
  const images = [...(root?.querySelectorAll('img') ?? [])];
  return Promise.all(
    images.map((img) =>
      img.complete
        ? null
        : new Promise((resolve) => {
            img.addEventListener('load', resolve, { once: true });
            img.addEventListener('error', resolve, { once: true });
          }),
    ),
  );
}

/** What the print media hides: the dialog, notifications, anything marked data-noprint. */
const HIDE_IN_PRINT = `@media print {
  .mantine-Modal-root, .mantine-Notifications-root, [data-noprint] { display: none !important; }
  html, body { overflow: visible !important; background: #fff !important; }
}`;

/**
 * The frame of the two print views (docs/invoice-documents.md): loads the document of the route's :id, shows a loader or the error with Back, opens
 * the print dialogue once the document and its images are there, and asks
 * 'Do you want to print the invoice?' (Back to /invoices, or Print, which has the focus). `pageStyle`
 * is the view's @page rule (or a function of the rendered document and the
 * invoice: a strip as long as its content, the invoice's number in the page
 * margins), written again right before every print and
 * mounted only while the view is, so it never reaches another printout.
 * `options` show in the dialog above its buttons (the thermal strip's printer resolution).
 */
export function PrintFrame({
  pageStyle,
  options,
  children,
}: {
  pageStyle: string | ((root: HTMLElement, doc: InvoiceDocument) => string);
  options?: ReactNode;
  children: (doc: InvoiceDocument) => ReactNode;
}) {
  const id = useIdParam() ?? 0;
  const query = useInvoiceDocument(id);
  const navigate = useNavigate();
  const root = useRef<HTMLDivElement>(null);
  const style = useRef<HTMLStyleElement>(null);
  const printed = useRef(false);
  const [asking, setAsking] = useState(true);
  const doc = query.data;

  const applyStyle = useCallback(() => {
    if (!style.current || !root.current || !doc) return;
    const page = typeof pageStyle === 'function' ? pageStyle(root.current, doc) : pageStyle;
    style.current.textContent = `${page}\n${HIDE_IN_PRINT}`;
  }, [pageStyle, doc]);
  const print = useCallback(() => {
    applyStyle();
    window.print();
  }, [applyStyle]);

  useEffect(() => {
    if (!doc) return;
    applyStyle();
    // Ctrl+P as well: the page rule follows what is on screen now.
    window.addEventListener('beforeprint', applyStyle);
    return () => window.removeEventListener('beforeprint', applyStyle);
  }, [doc, applyStyle]);

  useEffect(() => {
    if (!doc || printed.current) return;
    printed.current = true;
    imagesLoaded(root.current).then(print);
  }, [doc, print]);

  if (query.isError) {
    return (
      <Stack align="center" py="xl" gap="md">
        <Text c="red" data-testid="print-error">
          {errorMessage(query.error)}
        </Text>
        <Button variant="default" component={Link} to="/invoices">
          Back
        </Button>
      </Stack>
    );
  }
  if (!doc) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading" />
      </Group>
    );
  }
  return (
    <div ref={root}>
      <style ref={style} />
      {children(doc)}
      <Modal opened={asking} onClose={() => setAsking(false)} lockScroll={false} centered size="sm" title="Print">
        <Text mb="md">Do you want to print the invoice?</Text>
        {options}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => navigate('/invoices')}>
            Back
          </Button>
          <Button onClick={print} data-autofocus>
            Print
          </Button>
        </Group>
      </Modal>
    </div>
  );
}
