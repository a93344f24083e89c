import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The text drawn in a PDF, as poppler's pdftotext reads it (in reading order,
 * without -layout): the PDFs embed a subset font whose glyphs are numbered by
 * the subset, so the text is only read through the font's ToUnicode map, as a
 * PDF viewer copies it.
 */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The fonts a PDF uses, as poppler's pdffonts lists them: name, type, whether embedded. */
export function pdfFonts(pdf: Buffer): { name: string; type: string; embedded: boolean }[] {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-fonts-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    const lines = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n');
    // Columns: name, type, encoding, emb, sub, uni, object ID; the name has no spaces, the type may have some.
    return lines
      .slice(2)
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const m = /^(\S+)\s+(.+?)\s+(\S+)\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(line);
        if (!m) throw new Error(`pdffonts printed a line it does not know: ${line}`);
        return { name: m[1], type: m[2], embedded: m[4] === 'yes' };
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
