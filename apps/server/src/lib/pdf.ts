import { createRequire } from 'node:module';
import { Font, renderToBuffer, Text } from '@react-pdf/renderer';
import type { PaperSize } from '@wd/contracts';
import { type Font as FontFile, openSync } from 'fontkit';
import { cloneElement, createElement as h, isValidElement, type ReactElement, type ReactNode } from 'react';

/**
 * What every PDF the server draws shares: its font, its paper and margin, the
 * foot of its pages ("Page x of y") and the call that renders it.
 *
 * The font is DejaVu Sans Condensed, regular and bold (TrueType files of the
 * dejavu-fonts-ttf package), embedded and subset into each PDF: Latin with any
 * diacritics, Greek, Cyrillic and signs such as € “ ” ✓ print, and copy out of
 * the PDF, as they are. The condensed cut is about as wide as Helvetica, which
 * the layouts were drawn for (DejaVu Sans itself is an eighth wider, so names
 * wrapped more and a long invoice took a third more pages). The font has no
 * CJK (Chinese, Japanese, Korean) characters: see printableText.
 */

/** The font files, found in node_modules at run time: from the sources and from the built dist/main.js alike. */
const resolvePackageFile = createRequire(import.meta.url).resolve;
export const PDF_FONT_FILES = {
  regular: resolvePackageFile('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf'),
  bold: resolvePackageFile('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf'),
};

/** The font family every PDF style names. */
export const PDF_FONT = 'DejaVu Sans Condensed';
/** The style of bold text. */
export const PDF_BOLD = { fontFamily: PDF_FONT, fontWeight: 'bold' as const };

Font.register({
  family: PDF_FONT,
  fonts: [
    { src: PDF_FONT_FILES.regular, fontWeight: 400 },
    { src: PDF_FONT_FILES.bold, fontWeight: 700 },
  ],
});
// Text wraps between words, never hyphenated ("Val-ue Pack"); react-pdf's setting is process-wide.
Font.registerHyphenationCallback((word) => [word]);

/** What is drawn instead of a character the font lacks: the Unicode replacement character. */
export const MISSING_CHARACTER = '\uFFFD';

/** The two font files as fontkit reads them (the same files react-pdf embeds), opened on first use. */
let fontFiles: { regular: FontFile; bold: FontFile } | undefined;
function fonts() {
  if (!fontFiles) {
    const open = (file: string) => {
      const font = openSync(file);
      if ('fonts' in font) throw new Error(`${file} is a font collection, not one font`);
      return font;
    };
    fontFiles = { regular: open(PDF_FONT_FILES.regular), bold: open(PDF_FONT_FILES.bold) };
  }
  return fontFiles;
}

/** Code points both weights draw; a bold run lacking one would fall back to Helvetica (not embedded, WinAnsi). */
const drawable = new Map<number, boolean>();
function isDrawable(codePoint: number): boolean {
  let known = drawable.get(codePoint);
  if (known === undefined) {
    const { regular, bold } = fonts();
    known = regular.hasGlyphForCodePoint(codePoint) && bold.hasGlyphForCodePoint(codePoint);
    drawable.set(codePoint, known);
  }
  return known;
}

const PLAIN_ASCII = /^[\x20-\x7e]*$/;
const CONTROL = /\p{Cc}/u;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

/**
 * The text as the PDF draws it. react-pdf draws a character its font lacks in
 * Helvetica, which cannot show it and prints the wrong letters, drawn over
 * their neighbours. So each character the font lacks (CJK, Thai, Devanagari)
 * becomes U+FFFD (�), one per character, at the font's own width; an
 * invisible one it lacks (a tag of a flag emoji, say) is left out. A line
 * break stays one (CR LF and CR become LF), a tab becomes a space, and other
 * control characters are left out: the font has no glyph for any of them.
 */
export function printableText(text: string): string {
  if (PLAIN_ASCII.test(text)) return text;
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    if (ch === '\n') out += ch;
    else if (ch === '\t') out += ' ';
    else if (isDrawable(ch.codePointAt(0) ?? 0)) out += ch;
    else if (!CONTROL.test(ch) && !IGNORABLE.test(ch)) out += MISSING_CHARACTER;
  }
  return out;
}

/** The element tree with every text in it made printable; an element none of whose texts change stays as it is. */
function printableTree(node: ReactNode): ReactNode {
  if (typeof node === 'string') return printableText(node);
  if (Array.isArray(node)) {
    const mapped = node.map(printableTree);
    return mapped.some((child, i) => child !== node[i]) ? mapped : node;
  }
  if (isValidElement<{ children?: ReactNode }>(node) && node.props.children !== undefined) {
    const children = printableTree(node.props.children);
    if (children === node.props.children) return node;
    // Children as arguments, as the element was made: no list of them for React to ask keys of.
    return Array.isArray(children)
      ? cloneElement(node, undefined, ...children)
      : cloneElement(node, undefined, children);
  }
  return node;
}

const LINE_FEED = 0x0a;
let prepared: Promise<void> | undefined;

/**
 * Readies react-pdf's own instances of the two fonts, once, before the first render.
 *
 * - A glyph keeps the characters it stands for. fontkit keeps one object per
 *   glyph, made on its first use, and a glyph first reached as a part of another
 *   (Cyrillic "е" and "р" are drawn from Latin "e" and "p", Kazakh "Ә" from "Ə")
 *   was kept with no characters: every later PDF of the process then had no
 *   text for that letter ("Tax ermit number" when copied). Now a glyph kept
 *   without characters takes those of the first lookup that has some.
 * - The line feed counts as the font's own. react-pdf gives a character no font
 *   of the style has to Helvetica, its last resort, and the line feed ending
 *   each line of a multi-line text is one: react-pdf drops it without drawing
 *   it, but Helvetica (not embedded) joined the PDF's fonts.
 * - The font's name table turns into JSON as its PostScript name. pdfkit tells
 *   whether each run of text is in a font it has already embedded by the JSON
 *   of the font's name table, and DejaVu's holds its whole licence: that was
 *   an eighth of the time a 500-line invoice took. The runs all hold these
 *   same two instances, so the name tells them apart as well.
 */
function prepareFonts(): Promise<void> {
  prepared ??= (async () => {
    // By number: react-pdf's font store resolves the name 'bold' to the regular font (styles' 'bold' becomes 700 first).
    for (const fontWeight of [400, 700]) {
      const descriptor = { fontFamily: PDF_FONT, fontWeight };
      await Font.load(descriptor);
      const font = Font.getFont(descriptor).data;
      if (!font || font.type === 'STANDARD') throw new Error(`${PDF_FONT} ${fontWeight} did not load`);
      const getGlyph = font.getGlyph.bind(font);
      font.getGlyph = (id, codePoints = []) => {
        const glyph = getGlyph(id, codePoints);
        if (glyph && glyph.codePoints.length === 0 && codePoints.length > 0) glyph.codePoints = codePoints;
        return glyph;
      };
      const hasGlyph = font.hasGlyphForCodePoint.bind(font);
      font.hasGlyphForCodePoint = (codePoint) => codePoint === LINE_FEED || hasGlyph(codePoint);
      const names = (font as unknown as { name?: { records?: object } }).name?.records;
      if (names) Object.defineProperty(names, 'toJSON', { value: () => font.postscriptName });
    }
  })();
  return prepared;
}

/** Renders a <Document> to the bytes of its PDF, every text in it printable in the embedded font. */
export async function renderPdf(document: ReactElement): Promise<Buffer> {
  await prepareFonts();
  return renderToBuffer(printableTree(document) as Parameters<typeof renderToBuffer>[0]);
}

/** 10 mm in points: the margin of every PDF the server draws. */
export const PDF_MARGIN = 28.35;

/** A page of each paper size in points, portrait (react-pdf's A4 and LETTER). */
export const PAPER_POINTS: Record<PaperSize, { width: number; height: number }> = {
  A4: { width: 595.28, height: 841.89 },
  Letter: { width: 612, height: 792 },
};

/** A page of that paper: the `size` of its <Page>, its height, and its width between the two margins. */
export function pdfPage(paper: PaperSize) {
  const { width, height } = PAPER_POINTS[paper];
  return { size: [width, height] as [number, number], height, contentWidth: width - 2 * PDF_MARGIN };
}

/** Room under the content for the page's foot (a line height on its texts or the page hides them: react-pdf 4.9). */
export const PAGE_FOOT_ROOM = 16;

const footStyle = {
  position: 'absolute' as const,
  bottom: PDF_MARGIN,
  left: PDF_MARGIN,
  right: PDF_MARGIN,
  fontSize: 8,
  color: '#555555',
};
/** Width kept for "Page 999 of 999" at the right, so that a long label stops short of it. */
const PAGE_NUMBER_WIDTH = 80;

/**
 * The foot of every page, fixed elements of the page: `label` at the left (what
 * the document is, one line, cut short with … when too long) and "Page x of y"
 * at the right, so a page apart from the others still says where it belongs.
 */
export function pageFoot(label = ''): ReactElement[] {
  const pageNumber = h(Text, {
    key: 'pageNumber',
    style: { ...footStyle, textAlign: 'right' as const },
    fixed: true,
    render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
      `Page ${pageNumber} of ${totalPages}`,
  });
  if (!label) return [pageNumber];
  const labelStyle = {
    ...footStyle,
    right: PDF_MARGIN + PAGE_NUMBER_WIDTH,
    maxLines: 1,
    textOverflow: 'ellipsis' as const,
  };
  return [h(Text, { key: 'pageLabel', style: labelStyle, fixed: true }, label), pageNumber];
}
