import { advanceWidth } from '../../lib/pdf.js';

/**
 * Cuts the invoice's rows into pages before react-pdf lays them out. Left to
 * itself react-pdf lays out everything after each page break again, so a
 * long invoice took seconds per hundred lines; one <Page> per measured chunk keeps
 * it linear. The estimate errs high (the font's own advance widths plus a margin
 * for kerning, greedy word wrap, a reserve per page); should a chunk still
 * overflow, react-pdf breaks it itself, so nothing is ever cut off.
 */

/**
 * Kerning is left out of the widths and this much added instead. The font's
 * kerning narrows most pairs; the few it widens (a letter before a closing
 * quote or a hyphen, "«Æ") gain at most 0.074 em each. Names in Latin with
 * diacritics and quotes, Greek and Cyrillic, laid out with kerning, come to at
 * most 2.3% over their advance widths ("LAST AAA-J"); only a run of such pairs
 * ("f’f’f’", 9%) goes past, and react-pdf's own page break covers that.
 */
const KERNING_MARGIN = 1.03;

/** Width of a text in points at a font size, regular or bold, on the high side. */
export function textWidth(text: string, fontSize: number, bold = false): number {
  let units = 0;
  for (const ch of text) units += advanceWidth(ch.codePointAt(0) ?? 0, bold);
  return ((units * fontSize) / 1000) * KERNING_MARGIN;
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
