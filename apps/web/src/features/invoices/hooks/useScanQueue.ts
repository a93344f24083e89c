import type { Product } from '@wd/contracts';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import type { ScanLookup, ScanMiss } from './useInvoiceEditor';

/** A scan waiting its turn: the text as scanned (or the product picked) and what to send. */
type QueuedScan = { key: number; text: string; lookup: ScanLookup };
/** A scan that added nothing, kept with its text until the user acts on it. */
export type ScanFailure = QueuedScan & ScanMiss;

/**
 * Scans in the order they come, sent one at a time: a USB scanner types the
 * next code while the last one is still on its way, so nothing waits on the
 * input and nothing is dropped or sent twice. A scan that fails stays in
 * `failures`; the next ones go on. `pending` counts the scans not yet answered.
 */
export function useScanQueue(
  onScan: (lookup: ScanLookup) => Promise<ScanMiss | null>,
  /** Told each scan's outcome as it is answered (the scan sound). */
  onResult?: (result: 'landed' | 'failed') => void,
) {
  const latest = useRef(onScan);
  const tell = useRef(onResult);
  useLayoutEffect(() => {
    latest.current = onScan;
    tell.current = onResult;
  });
  const queue = useRef<QueuedScan[]>([]);
  const running = useRef(false);
  const seq = useRef(0);
  const [pending, setPending] = useState(0);
  const [failures, setFailures] = useState<ScanFailure[]>([]);

  const drain = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      while (queue.current.length > 0) {
        const next = queue.current[0];
        const miss = await latest
          .current(next.lookup)
          .catch((error): ScanMiss => ({ message: errorMessage(error), matches: [], retry: true }));
        queue.current.shift();
        setPending(queue.current.length);
        if (miss) setFailures((all) => [...all, { ...next, ...miss }]);
        tell.current?.(miss ? 'failed' : 'landed');
      }
    } finally {
      running.current = false;
    }
  }, []);

  const enqueue = useCallback(
    (text: string, lookup: ScanLookup) => {
      seq.current += 1;
      queue.current.push({ key: seq.current, text, lookup });
      setPending(queue.current.length);
      void drain();
    },
    [drain],
  );

  const dismiss = useCallback((key: number) => setFailures((all) => all.filter((f) => f.key !== key)), []);

  return {
    pending,
    failures,
    /** A scanned or typed text. */
    scan: (text: string) => enqueue(text, { lookup: text }),
    /** One of the products a failed scan could mean. */
    pick: (failure: ScanFailure, product: Product) => {
      dismiss(failure.key);
      enqueue(product.name, { productID: product.id });
    },
    /** The same scan again (after a server or network error). */
    retry: (failure: ScanFailure) => {
      dismiss(failure.key);
      enqueue(failure.text, failure.lookup);
    },
    dismiss,
  };
}
