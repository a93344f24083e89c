import { useCallback, useEffect, useRef, useState } from 'react';
import { type DeviceInvoice, type DraftChange, draftWriter, driverDb } from './db';

export type EditDraft = (change: DraftChange) => Promise<boolean>;

/** The draft of this page, through its writer (db.ts, draftWriter): shown once storage has each change. */
export function useDraft(localId: string) {
  const [inv, setInv] = useState<DeviceInvoice | undefined | null>(null);
  const writer = useRef<ReturnType<typeof draftWriter> | null>(null);
  useEffect(() => {
    let live = true;
    writer.current = null;
    void driverDb.invoices.get(localId).then((found) => {
      if (!live) return;
      writer.current = draftWriter(found, (stored) => live && setInv(stored));
      setInv(found);
    });
    return () => {
      live = false;
    };
  }, [localId]);
  const edit: EditDraft = useCallback((change) => writer.current?.edit(change) ?? Promise.resolve(false), []);
  const latest = useCallback(() => writer.current?.latest(), []);
  return { inv, edit, latest };
}
