import { readFileSync } from 'node:fs';
import type { PaperSize } from '@wd/contracts';
import { openSync } from 'fontkit';
import PDFDocument from 'pdfkit';
import { PAGE_FOOT_ROOM, PAPER_POINTS, PDF_FONT_FILES, PDF_MARGIN, printableText } from './pdf.js';

/**
 * Drawing a PDF straight onto pdfkit's pages: text placed and wrapped here
 * by the widths pdfkit draws it at (the font's advances and kerning), boxes, images, a table whose header repeats on
 * every page it runs onto, and at the foot of each page a label and "Page x
 * of y". The layout is computed once, as it is drawn; a 500-line invoice laid
 * out by a general layout engine (flexbox over every cell) took seconds.
 *
 * Every text is in the embedded font of lib/pdf.ts (DejaVu Sans Condensed,
 * subset into each file), made printable first (printableText): a character
 * the font lacks prints as U+FFFD, never as another font's glyph.
 */

/** Every text's line height: 1.2 × its size. */
export const lineHeight = (size: number) => size * 1.2;

/**
 * The text cut into the lines it takes in a box of that width: each of its
 * own lines wrapped between words (greedy), a word wider than the box broken
 * between characters. `measure` gives a line's width as drawn; an empty text
 * is one empty line.
 */
export function wrapWords(text: string, width: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let current = '';
    // Between spaces only: a no-break space keeps its words together.
    for (const word of paragraph.split(/[ \t]+/).filter(Boolean)) {
      const candidate = current === '' ? word : `${current} ${word}`;
      if (measure(candidate) <= width) {
        current = candidate;
        continue;
      }
      if (current !== '') lines.push(current);
      current = word;
      if (measure(word) <= width) continue;
      // Wider than the box: as many characters a line as fit (at least one).
      current = '';
      for (const ch of word) {
        if (current !== '' && measure(current + ch) > width) {
          lines.push(current);
          current = '';
        }
        current += ch;
      }
    }
    lines.push(current);
  }
  return lines;
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  /** #rrggbb; black when not told. */
  color?: string;
  align?: 'left' | 'right' | 'center';
  /** Extra points between letters. */
  letterSpacing?: number;
}

export interface PdfInfo {
  title: string;
  author?: string;
  subject?: string;
  /** Fixed (the document's own date), so that an unchanged document renders to the same bytes. */
  creationDate: Date;
}

/** An image opened for the PDF: its size in points at 72 dpi, as pdfkit reads it. */
export interface PdfImage {
  width: number;
  height: number;
}

/** The image's size scaled down (never up) to fit within the box, its proportions kept. */
export function fitImage(image: PdfImage, maxWidth: number, maxHeight: number): { width: number; height: number } {
  const scale = Math.max(0, Math.min(1, maxWidth / image.width, maxHeight / image.height));
  return { width: image.width * scale, height: image.height * scale };
}

export interface TableColumn {
  /** Points; undefined: the width the others leave (one such column). */
  width?: number;
  align?: 'left' | 'right' | 'center';
  /**
   * One line whatever its width (amounts): an amount too wide for its column
   * runs into the padding and the column at its left rather than being cut
   * in the middle of the number.
   */
  nowrap?: boolean;
}

export interface TableRowStyle {
  bold?: boolean;
  /** Background. */
  fill?: string;
  color?: string;
  /** A rule along the row's foot, inside its height. */
  border?: { width: number; color: string };
}

export interface TableRow {
  cells: string[];
  style?: TableRowStyle;
}

export interface TableSpec {
  columns: TableColumn[];
  /** Drawn at the top of the table and again at the top of every page it runs onto. */
  header: TableRow;
  fontSize: number;
  /** Around each cell's text. */
  padding: number;
}

/** The font files' bytes, read once: pdfkit parses them per document, so no glyph state passes between PDFs. */
let fontData: { regular: Buffer; bold: Buffer } | undefined;
const fontBytes = () => {
  fontData ??= { regular: readFileSync(PDF_FONT_FILES.regular), bold: readFileSync(PDF_FONT_FILES.bold) };
  return fontData;
};

/**
 * The fonts' `post` tables, decoded once per process. pdfkit reads two fields
 * of it when it embeds a font (fixed pitch, italic angle), and fontkit then
 * decodes the whole table, names of all ~6,000 glyphs included: 9 ms of each
 * PDF, a fifth of a short invoice's time. The table is read-only data of the
 * same file, so each PDF's own font object is given the decoded one (glyphs,
 * the state that must not pass between PDFs, are not in it). Should either
 * library keep its fonts otherwise, nothing is given and the table is decoded
 * as before.
 */
let postTables: Record<'regular' | 'bold', unknown> | undefined;
function sharePostTable(doc: PDFKit.PDFDocument, weight: 'regular' | 'bold'): void {
  postTables ??= {
    regular: (openSync(PDF_FONT_FILES.regular) as unknown as { post: unknown }).post,
    bold: (openSync(PDF_FONT_FILES.bold) as unknown as { post: unknown }).post,
  };
  const font = (doc as unknown as { _font?: { font?: { _tables?: Record<string, unknown> } } })._font?.font;
  if (font?._tables && !('post' in font._tables) && postTables[weight]) font._tables.post = postTables[weight];
}

/** pdfkit's image opener, which its type definitions leave out. */
type Opener = { openImage(src: Buffer): PdfImage };

/**
 * One PDF being drawn, A4 or Letter with 10 mm margins, from the top of its
 * first page down: `y` is where the next thing goes; `ensure` starts a new
 * page when what comes next would run into the foot.
 */
export class PdfCanvas {
  private readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<void>;
  /** Page size in points. */
  readonly pageWidth: number;
  readonly pageHeight: number;
  readonly left: number;
  readonly top: number;
  readonly right: number;
  /** Where content stops: the foot's room above the bottom margin. */
  readonly bottom: number;
  /** Content width between the margins. */
  readonly width: number;
  /** The cursor: where the next block goes on the current page. */
  y: number;
  /** Drawn at the top of each new page (the table header while a table runs). */
  private onNewPage: (() => void) | null = null;

  constructor(paper: PaperSize, info: PdfInfo, margin = PDF_MARGIN) {
    const { width, height } = PAPER_POINTS[paper];
    this.pageWidth = width;
    this.pageHeight = height;
    this.left = margin;
    this.top = margin;
    this.y = margin;
    this.right = width - margin;
    this.bottom = height - margin - PAGE_FOOT_ROOM;
    this.width = width - 2 * margin;
    const fonts = fontBytes();
    this.doc = new PDFDocument({
      size: [width, height],
      margin: 0,
      bufferPages: true,
      info: {
        Title: info.title,
        ...(info.author ? { Author: info.author } : {}),
        ...(info.subject ? { Subject: info.subject } : {}),
        Creator: 'Wholesale Desk',
        Producer: 'Wholesale Desk',
        CreationDate: info.creationDate,
      },
    });
    this.doc.registerFont('regular', fonts.regular as unknown as string);
    this.doc.registerFont('bold', fonts.bold as unknown as string);
    for (const weight of ['bold', 'regular'] as const) sharePostTable(this.doc.font(weight), weight);
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.ended = new Promise((resolve, reject) => {
      this.doc.on('end', resolve);
      this.doc.on('error', reject);
    });
  }

  /** Starts a new page; the cursor goes to its top (under the repeated table header, if any). */
  newPage(): void {
    this.doc.addPage({ size: [this.pageWidth, this.pageHeight], margin: 0 });
    this.y = this.top;
    this.onNewPage?.();
  }

  /** A new page unless `height` more points fit above the foot (a block taller than a page goes on a fresh one). */
  ensure(height: number): void {
    if (this.y + height > this.bottom && this.y > this.top + 0.01) this.newPage();
  }

  /** Sets the text style on the document; returns pdfkit's text options for it. */
  private use(style: TextStyle): PDFKit.Mixins.TextOptions {
    this.doc
      .font(style.bold ? 'bold' : 'regular')
      .fontSize(style.size)
      .fillColor(style.color ?? '#000000');
    return style.letterSpacing ? { characterSpacing: style.letterSpacing } : {};
  }

  /** A printable line's width in points as drawn in that style. */
  measure(line: string, style: TextStyle): number {
    return this.doc.widthOfString(line, this.use(style));
  }

  /** The text made printable and wrapped into lines of that width (wrapWords). */
  wrap(text: string, width: number, style: TextStyle): string[] {
    const options = this.use(style);
    return wrapWords(printableText(text), width, (line) => this.doc.widthOfString(line, options));
  }

  /** The text on one line of that width, cut short with … when longer. */
  ellipsize(text: string, width: number, style: TextStyle): string {
    const line = printableText(text).replace(/\s+/g, ' ').trim();
    if (this.measure(line, style) <= width) return line;
    const chars = [...line];
    while (chars.length > 0 && this.measure(`${chars.join('').trimEnd()}…`, style) > width) chars.pop();
    return `${chars.join('').trimEnd()}…`;
  }

  /** Lines of text from (x, top), each a line box of 1.2 × the size, aligned within `width`; returns their height. */
  lines(lines: string[], x: number, top: number, width: number, style: TextStyle): number {
    const doc = this.doc;
    const options = this.use(style);
    const box = lineHeight(style.size);
    // The glyphs' ascent and descent centred in the line box.
    const offset = (box - doc.currentLineHeight(false)) / 2;
    lines.forEach((line, i) => {
      if (line === '') return;
      let left = x;
      if (style.align === 'right' || style.align === 'center') {
        const free = width - doc.widthOfString(line, options);
        left += style.align === 'right' ? free : free / 2;
      }
      doc.text(line, left, top + i * box + offset, options);
    });
    return lines.length * box;
  }

  /** A text wrapped into `width` from (x, top); returns its height. */
  text(text: string, x: number, top: number, width: number, style: TextStyle): number {
    return this.lines(this.wrap(text, width, style), x, top, width, style);
  }

  /** A filled rectangle. */
  fill(x: number, top: number, width: number, height: number, color: string): void {
    this.doc.rect(x, top, width, height).fill(color);
  }

  /** A rectangle's outline of that line width, drawn inside the box. */
  frame(x: number, top: number, width: number, height: number, lineWidth: number, color: string): void {
    const inset = lineWidth / 2;
    this.doc
      .lineWidth(lineWidth)
      .rect(x + inset, top + inset, width - lineWidth, height - lineWidth)
      .stroke(color);
  }

  /** A horizontal rule of that thickness whose top edge is at `top`. */
  rule(x: number, top: number, width: number, thickness: number, color: string): void {
    this.fill(x, top, width, thickness, color);
  }

  /** The image (PNG or JPEG) opened once for drawing; its size tells the layout how much room it takes. */
  openImage(data: Buffer): PdfImage {
    return (this.doc as unknown as Opener).openImage(data);
  }

  /** The opened image drawn at (x, top), that size. */
  image(image: PdfImage, x: number, top: number, size: { width: number; height: number }): void {
    this.doc.image(image as unknown as Buffer, x, top, size);
  }

  /** Each column's left edge and width in a table as wide as the content. */
  columnsOf(spec: TableSpec): { x: number; width: number; align: TableColumn['align']; nowrap?: boolean }[] {
    const fixed = spec.columns.reduce((sum, c) => sum + (c.width ?? 0), 0);
    let x = this.left;
    return spec.columns.map((c) => {
      const width = c.width ?? this.width - fixed;
      const column = { x, width, align: c.align, nowrap: c.nowrap };
      x += width;
      return column;
    });
  }

  /** A row's height and its cells' lines. */
  measureRow(spec: TableSpec, row: TableRow, columns = this.columnsOf(spec)) {
    const style = { size: spec.fontSize, bold: row.style?.bold };
    const cells = row.cells.map((cell, i) =>
      columns[i].nowrap
        ? [printableText(cell).replace(/\s+/g, ' ')]
        : this.wrap(cell, columns[i].width - 2 * spec.padding, style),
    );
    const tallest = Math.max(1, ...cells.map((c) => c.length));
    const height = 2 * spec.padding + lineHeight(spec.fontSize) * tallest + (row.style?.border?.width ?? 0);
    return { cells, height };
  }

  /**
   * A row at the cursor, kept whole on a page: one that does not fit goes to
   * the next page. A row taller than a whole page (a very long text) is cut
   * between its lines over as many pages as it takes, each part under the
   * header again.
   */
  private drawRow(spec: TableSpec, row: TableRow, columns: ReturnType<PdfCanvas['columnsOf']>): void {
    const measured = this.measureRow(spec, row, columns);
    const style = row.style ?? {};
    const line = lineHeight(spec.fontSize);
    const border = style.border?.width ?? 0;
    const few = 2 * spec.padding + border + 3 * line;
    // Whole on this page or the next; one taller than a page starts here when its first lines fit.
    this.ensure(measured.height <= this.bottom - this.top ? measured.height : few);
    let cells = measured.cells;
    while (true) {
      const tallest = Math.max(1, ...cells.map((c) => c.length));
      const fit = Math.max(1, Math.floor((this.bottom - this.y - 2 * spec.padding - border) / line));
      const count = Math.min(tallest, fit);
      const height = 2 * spec.padding + line * count + border;
      if (style.fill) this.fill(this.left, this.y, this.width, height, style.fill);
      if (style.border) this.rule(this.left, this.y + height - border, this.width, border, style.border.color);
      cells.forEach((lines, i) => {
        const c = columns[i];
        this.lines(lines.slice(0, count), c.x + spec.padding, this.y + spec.padding, c.width - 2 * spec.padding, {
          size: spec.fontSize,
          bold: style.bold,
          color: style.color,
          align: c.align,
        });
      });
      this.y += height;
      cells = cells.map((c) => c.slice(count));
      if (count >= tallest) return;
      this.newPage();
    }
  }

  /**
   * The table at the cursor: its header, then the rows, each kept whole on a
   * page; a row that does not fit starts a new page under the header again.
   */
  table(spec: TableSpec, rows: Iterable<TableRow>): void {
    const columns = this.columnsOf(spec);
    const header = () => this.drawRow(spec, spec.header, columns);
    const list = [...rows];
    // The header never alone at a page's foot: it goes with the first row (or its first lines).
    const head = this.measureRow(spec, spec.header, columns).height;
    const first = list.length ? this.measureRow(spec, list[0], columns).height : 0;
    // A first row taller than a page is cut (drawRow): its first lines are what must fit.
    const firstLines = 2 * spec.padding + 3 * lineHeight(spec.fontSize) + (list[0]?.style?.border?.width ?? 0);
    this.ensure(head + (head + first <= this.bottom - this.top ? first : firstLines));
    header();
    this.onNewPage = header;
    for (const row of list) this.drawRow(spec, row, columns);
    this.onNewPage = null;
  }

  /** Texts one under the other from (x, top), each wrapped into `width` with `gap` points below it; returns the height. */
  stack(x: number, top: number, width: number, items: (TextStyle & { text: string; gap: number })[]): number {
    let y = top;
    for (const item of items) y += this.text(item.text, x, y, width, item) + item.gap;
    return y - top;
  }

  /** "To:" and who the document is for, under a rule across the page, at the cursor; moves the cursor past it. */
  addressee(name: string, lines: string[]): void {
    this.rule(this.left, this.y + 14, this.width, BOX_BORDER, GREY);
    this.y += 14 + BOX_BORDER + 6;
    this.y += this.stack(this.left, this.y, this.width, [
      { text: 'To:', size: 9, bold: true, color: '#555555', gap: 2 },
      { text: name, size: 11, bold: true, gap: 1 },
      ...lines.map((line) => ({ text: line, size: 9, gap: 1 })),
    ]);
  }

  /** A box's title row, bold on grey. */
  titleRow(x: number, top: number, width: number, title: string): void {
    this.fill(x, top, width, TITLE_ROW_HEIGHT, '#e4e4e4');
    this.lines([title], x + TITLE_PAD, top + TITLE_PAD, width - 2 * TITLE_PAD, { size: 9, bold: true });
  }

  /** A framed box of label and amount rows, with a title row when given one. */
  sumBox(x: number, top: number, width: number, title: string | null, rows: SumRow[]): void {
    const inner = width - 2 * BOX_BORDER;
    this.frame(x, top, width, sumBoxHeight(title, rows), BOX_BORDER, GREY);
    let y = top + BOX_BORDER;
    if (title) {
      this.titleRow(x + BOX_BORDER, y, inner, title);
      y += TITLE_ROW_HEIGHT;
    }
    for (const r of rows) {
      if (r.closing) {
        this.rule(x + BOX_BORDER, y, inner, BOX_BORDER, GREY);
        y += BOX_BORDER;
      }
      const style = { size: r.closing ? 10 : 9, bold: r.closing };
      const left = x + BOX_BORDER + SUM_PAD_X;
      this.lines([r.label], left, y + SUM_PAD_Y, inner - 2 * SUM_PAD_X, style);
      this.lines([r.value], left, y + SUM_PAD_Y, inner - 2 * SUM_PAD_X, { ...style, align: 'right' });
      y += 2 * SUM_PAD_Y + lineHeight(style.size);
    }
  }

  /**
   * A framed box the width of the page with a title row, a text and, under
   * it, an image, at the cursor 12 points down: kept on one page when it fits
   * one; a text longer than a page goes on over the next ones.
   */
  textBox(title: string, text: string, picture?: { image: PdfImage; width: number; height: number }): void {
    const inner = this.width - 2 * BOX_BORDER - 2 * NOTE_PAD;
    const style = { size: 9 };
    let lines = this.wrap(text, inner, style);
    const line = lineHeight(style.size);
    const below = picture ? picture.height + NOTE_PAD : 0;
    const whole = 2 * BOX_BORDER + TITLE_ROW_HEIGHT + 2 * NOTE_PAD + lines.length * line + below;
    this.y += 12;
    // Whole on one page when it fits one; a longer box starts here when its title and a few lines do.
    const start = 2 * BOX_BORDER + TITLE_ROW_HEIGHT + 2 * NOTE_PAD + Math.min(lines.length, 3) * line + below;
    this.ensure(whole <= this.bottom - this.top ? whole : start);
    let first = true;
    while (lines.length > 0) {
      const head = first ? TITLE_ROW_HEIGHT : 0;
      const room = this.bottom - this.y - 2 * BOX_BORDER - head - 2 * NOTE_PAD;
      const fit = Math.max(1, Math.floor(room / line));
      // The last part keeps the picture's room (its last lines go on with it when need be).
      const part = lines.length <= fit && lines.length * line + below > room ? lines.slice(0, -1) : lines.slice(0, fit);
      const last = part.length === lines.length;
      const height = 2 * BOX_BORDER + head + 2 * NOTE_PAD + part.length * line + (last ? below : 0);
      this.frame(this.left, this.y, this.width, height, BOX_BORDER, GREY);
      if (first) this.titleRow(this.left + BOX_BORDER, this.y + BOX_BORDER, this.width - 2 * BOX_BORDER, title);
      const top = this.y + BOX_BORDER + head + NOTE_PAD;
      this.lines(part, this.left + BOX_BORDER + NOTE_PAD, top, inner, style);
      if (last && picture)
        this.image(picture.image, this.left + BOX_BORDER + NOTE_PAD, top + part.length * line + NOTE_PAD, picture);
      this.y += height;
      lines = lines.slice(part.length);
      first = false;
      if (lines.length > 0) this.newPage();
    }
  }

  /**
   * Every page's foot (the label at the left on one line, "Page x of y" at the
   * right; none when the label is null), then the file's bytes.
   */
  async finish(label: string | null = ''): Promise<Buffer> {
    const doc = this.doc;
    const { count } = doc.bufferedPageRange();
    const size = 8;
    const style = { size, color: '#555555' };
    const top = this.pageHeight - PDF_MARGIN - lineHeight(size);
    const foot = label ? [this.ellipsize(label, this.width - PAGE_NUMBER_WIDTH, style)] : [];
    for (let page = 0; label !== null && page < count; page += 1) {
      doc.switchToPage(page);
      if (foot.length) this.lines(foot, this.left, top, this.width, style);
      this.lines([`Page ${page + 1} of ${count}`], this.left, top, this.width, { ...style, align: 'right' });
    }
    doc.end();
    await this.ended;
    return Buffer.concat(this.chunks);
  }
}

/** The frame of a box and the rules in it. */
export const BOX_BORDER = 0.75;
export const GREY = '#888888';
const TITLE_PAD = 4;
/** A box's title row: 9 pt bold, 4 points around it. */
export const TITLE_ROW_HEIGHT = 2 * TITLE_PAD + lineHeight(9);
const NOTE_PAD = 6;
const SUM_PAD_X = 6;
const SUM_PAD_Y = 3;

/** A row of a sum box: a label at the left, an amount at the right. */
export interface SumRow {
  label: string;
  value: string;
  /** The closing row: bold, larger, a rule above it. */
  closing?: boolean;
}

/** A sum box's height. */
export function sumBoxHeight(title: string | null, rows: SumRow[]): number {
  const row = (r: SumRow) => 2 * SUM_PAD_Y + (r.closing ? BOX_BORDER + lineHeight(10) : lineHeight(9));
  return 2 * BOX_BORDER + (title ? TITLE_ROW_HEIGHT : 0) + rows.reduce((sum, r) => sum + row(r), 0);
}

/** Width kept for "Page 999 of 999" at the right of the foot, so that a long label stops short of it. */
const PAGE_NUMBER_WIDTH = 80;
