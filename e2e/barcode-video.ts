import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A camera's picture of a UPC-A barcode, as a Y4M video file Chromium's fake camera plays
 * (`--use-file-for-fake-video-capture`): the bars drawn module by module from the EAN-13
 * encoding tables (UPC-A is EAN-13 with a leading 0), black on white, in a 640 × 480 frame.
 */
const L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const R = L.map((code) => [...code].map((bit) => (bit === '0' ? '1' : '0')).join(''));

export function upcModules(upc: string): string {
  if (!/^\d{12}$/.test(upc)) throw new Error(`${upc} is not 12 digits`);
  const d = [...upc].map(Number);
  return `101${d
    .slice(0, 6)
    .map((n) => L[n])
    .join('')}01010${d
    .slice(6)
    .map((n) => R[n])
    .join('')}101`;
}

export function barcodeVideo(upc: string): string {
  const width = 640;
  const height = 480;
  const moduleWidth = 5;
  const modules = upcModules(upc);
  const left = Math.floor((width - modules.length * moduleWidth) / 2);
  const y = Buffer.alloc(width * height, 235);
  for (let row = 120; row < 360; row++) {
    for (let m = 0; m < modules.length; m++) {
      if (modules[m] !== '1') continue;
      y.fill(16, row * width + left + m * moduleWidth, row * width + left + (m + 1) * moduleWidth);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  const file = join(tmpdir(), `wd-barcode-${upc}.y4m`);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
  return file;
}
