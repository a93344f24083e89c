import { PAGE_SIZES } from '@wd/contracts';

/** The pages shown: at most `count` buttons, centred on the current page. */
export function pageWindow(current: number, total: number, count = 5): number[] {
  const size = Math.min(count, total);
  let start = Math.max(1, current - Math.floor(size / 2));
  start = Math.min(start, Math.max(1, total - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

/**
 * The Show selector's choices: 10, 25, 50, 100 and the given sizes (the
 * configured default, the current one) in order, then ALL.
 */
export function pageSizeOptions(...sizes: (number | 'all')[]): string[] {
  const numbers = new Set<number>(PAGE_SIZES);
  for (const s of sizes) if (typeof s === 'number') numbers.add(s);
  return [...[...numbers].sort((a, b) => a - b).map(String), 'ALL'];
}
