/** The pages shown: at most `count` buttons, centred on the current page. */
export function pageWindow(current: number, total: number, count = 5): number[] {
  const size = Math.min(count, total);
  let start = Math.max(1, current - Math.floor(size / 2));
  start = Math.min(start, Math.max(1, total - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}
