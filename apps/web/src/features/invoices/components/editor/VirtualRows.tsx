import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { InvoiceItem } from '@wd/contracts';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

/** A line row's height before it is measured (an xs input in a table cell). */
const ROW_ESTIMATE = 41;

/**
 * The rows of a long lines table that are on or near the screen, between two
 * spacer rows that keep the table's full height (the page scrolls as usual,
 * and the scroll bar spans every line). Rows are measured as they render.
 */
export function VirtualRows({
  lines,
  row,
}: {
  lines: InvoiceItem[];
  row(line: InvoiceItem, index: number, measure: (el: HTMLTableRowElement | null) => void): ReactNode;
}) {
  const top = useRef<HTMLTableRowElement>(null);
  // Where the rows start in the page: the header, scan box and failed scans above them move it.
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const el = top.current;
    if (!el) return;
    const at = Math.round(el.getBoundingClientRect().top + window.scrollY);
    if (at !== margin) setMargin(at);
  });
  const virtual = useWindowVirtualizer<HTMLTableRowElement>({
    count: lines.length,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 8,
    scrollMargin: margin,
    getItemKey: (i) => lines[i].id,
  });
  const items = virtual.getVirtualItems();
  const before = items.length ? items[0].start - margin : 0;
  const after = items.length ? virtual.getTotalSize() - (items[items.length - 1].end - margin) : 0;
  return (
    <>
      <tr ref={top} aria-hidden style={{ height: before }} />
      {/* Keeps each line's stripe: a striped table colours rows by their place among the rows. */}
      {items.length > 0 && items[0].index % 2 === 0 && <tr hidden />}
      {items.map((item) => row(lines[item.index], item.index, virtual.measureElement))}
      <tr aria-hidden style={{ height: after }} />
    </>
  );
}
