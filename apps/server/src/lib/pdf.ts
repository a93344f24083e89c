import { createRequire } from 'node:module';
import type { PaperSize } from '@wd/contracts';
import { type Font as FontFile, openSync } from 'fontkit';

/**
 * What every PDF the server draws shares: its font, its paper and margin
 * (lib/pdf-canvas.ts draws them).
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

/** What is drawn instead of a character the font lacks: the Unicode replacement character. */
export const MISSING_CHARACTER = '\uFFFD';

/** The two font files as fontkit reads them (the same files the PDFs embed), opened on first use. */
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

/** Code points both weights draw. */
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
 * The text as the PDF draws it. A character the font lacks would print as
 * the font's empty box, which says nothing of what was there. So each
 * character the font lacks (CJK, Thai, Devanagari) becomes U+FFFD (�), one
 * per character, at the font's own width; an
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

/** 10 mm in points: the margin of every PDF the server draws. */
export const PDF_MARGIN = 28.35;

/** A page of each paper size in points, portrait. */
export const PAPER_POINTS: Record<PaperSize, { width: number; height: number }> = {
  A4: { width: 595.28, height: 841.89 },
  Letter: { width: 612, height: 792 },
};

/** Room under the content for the page's foot ("Page x of y"). */
export const PAGE_FOOT_ROOM = 16;
