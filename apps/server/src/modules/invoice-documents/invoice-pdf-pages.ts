/**
 * Cuts the invoice's rows into pages before react-pdf lays them out. Left to
 * itself react-pdf lays out everything after each page break again, so a
 * long invoice took seconds per hundred lines; one <Page> per measured chunk keeps
 * it linear. The estimate errs high (Helvetica widths, greedy word wrap, a
 * reserve per page); should a chunk still overflow, react-pdf breaks it
 * itself, so nothing is ever cut off.
 */

/** Helvetica advance widths (1/1000 em) of ' ' … '~', from its AFM. */
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];

/** Width of a text in points at a font size; bold Helvetica is up to ~10% wider, other characters count as 1 em. */
export function textWidth(text: string, fontSize: number, bold = false): number {
  let units = 0;
  for (const ch of text) units += HELVETICA[(ch.codePointAt(0) ?? 0) - 32] ?? 1000;
  return ((units * fontSize) / 1000) * (bold ? 1.1 : 1);
}

/** How many lines a text takes in a box of that width, breaking between words like a greedy wrap. */
export function lineCount(text: string, width: number, fontSize: number, bold = false): number {
  const space = textWidth(' ', fontSize, bold);
  let lines = 1;
  let used = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const w = textWidth(word, fontSize, bold);
    if (used > 0 && used + space + w > width) {
      lines += 1;
      used = 0;
    }
    if (used === 0 && w > width) {
      // A word wider than the box is broken across lines.
      lines += Math.ceil(w / width) - 1;
      used = w % width;
    } else used += (used > 0 ? space : 0) + w;
  }
  return lines;
}

/**
 * Greedy pagination: items in order, each with its estimated height, fill the
 * first page's room, then each following page's room.
 */
export function paginate<T>(items: T[], height: (item: T) => number, firstRoom: number, room: number): T[][] {
  const pages: T[][] = [[]];
  let left = firstRoom;
  for (const item of items) {
    const h = height(item);
    const page = pages[pages.length - 1];
    if (h > left && page.length > 0) {
      pages.push([item]);
      left = room - h;
    } else {
      page.push(item);
      left -= h;
    }
  }
  return pages;
}
