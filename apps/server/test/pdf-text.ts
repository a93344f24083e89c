import { inflateSync } from 'node:zlib';

/**
 * The text drawn in a PDF made with standard fonts: every content stream is
 * inflated and the hex strings of its TJ/Tj operators decoded and joined.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const out: string[] = [];
  const streamRe = /(?<!end)stream\r?\n/g;
  let m: RegExpExecArray | null = streamRe.exec(source);
  while (m) {
    const start = m.index + m[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    let content = '';
    try {
      content = inflateSync(raw).toString('latin1');
    } catch {
      content = '';
    }
    for (const block of content.match(/\[(.*?)\]\s*TJ|<([0-9a-fA-F]+)>\s*Tj/g) ?? []) {
      const pieces = block.match(/<([0-9a-fA-F]+)>/g) ?? [];
      out.push(pieces.map((h) => Buffer.from(h.slice(1, -1), 'hex').toString('latin1')).join(''));
    }
    streamRe.lastIndex = end;
    m = streamRe.exec(source);
  }
  return out.join('\n');
}
