import { IMPORT_MESSAGES, MAX_UPLOAD_BYTES, type MultipartSpec } from '@wd/contracts';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { ZodType } from 'zod';
import { AppError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from './errors.js';

export const NOT_AN_IMAGE = 'Only images (JPEG, PNG, WebP or HEIC) can be uploaded';
export const TOO_LARGE = 'The file is larger than 10 MB';
export const NOT_A_PDF = 'Only a PDF can be uploaded here';
export const NOT_A_CSV = IMPORT_MESSAGES.notCsv;
export const NOT_READABLE =
  'The file is not a readable image: it is damaged, or not the JPEG, PNG, WebP or HEIC it starts like';
export const NOT_MULTIPART = 'The upload is not a valid multipart/form-data body';

/** 'application/pdf' when the content starts like a PDF (`%PDF-`), else null. */
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An import's table by content: an .xlsx workbook (a ZIP archive), or text (UTF-16 with its BOM, or no NUL byte): a CSV. */
export function sniffTableType(data: Buffer): string | null {
  if (data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return XLSX_TYPE;
  // UTF-16 text (Excel's "Unicode Text") holds NUL bytes; its byte order mark says what it is.
  if ((data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff)) return 'text/csv';
  return data.includes(0) ? null : 'text/csv';
}

export function sniffPdfType(data: Buffer): string | null {
  return data.subarray(0, 5).toString('latin1') === '%PDF-' ? 'application/pdf' : null;
}

/** The image type from the file's content (its first bytes), not its name; null when it is no image we take. */
export function sniffImageType(data: Buffer): string | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  if (data.length >= 12 && data.toString('latin1', 4, 8) === 'ftyp') {
    const brand = data.toString('latin1', 8, 12);
    if (['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1', 'heim', 'heis'].includes(brand)) return 'image/heic';
  }
  return null;
}

/** The largest image, in pixels, that is decoded (a 200-megapixel phone photo fits; a decompression bomb does not). */
const MAX_PIXELS = 250_000_000;

/**
 * Checks the whole file, not just its first bytes (docs/security.md "Uploads"):
 * JPEG, PNG and WebP are decoded to the last pixel with sharp (a damaged or
 * truncated image, or another file behind an image signature, is refused;
 * a decoder's mere warning, such as a known-bad colour profile, is not);
 * PNG and WebP must also end where their own structure says (nothing
 * appended). HEIC (HEVC-coded) is not decoded by sharp's build, so its box
 * structure is walked instead: see checkHeifBoxes. Throws a 415 with
 * NOT_READABLE.
 */
export async function checkImage(data: Buffer, contentType: string): Promise<void> {
  if (contentType === 'image/heic') {
    if (!checkHeifBoxes(data)) throw new UnsupportedMediaTypeError(NOT_READABLE);
    return;
  }
  try {
    await sharp(data, { failOn: 'error', limitInputPixels: MAX_PIXELS, sequentialRead: true }).stats();
  } catch {
    throw new UnsupportedMediaTypeError(NOT_READABLE);
  }
  if (contentType === 'image/png' && pngEnd(data) !== data.length) throw new UnsupportedMediaTypeError(NOT_READABLE);
  // RIFF: the size after 'RIFF' counts the rest of the file (padded to even).
  if (contentType === 'image/webp' && data.readUInt32LE(4) + 8 + (data.readUInt32LE(4) % 2) !== data.length) {
    throw new UnsupportedMediaTypeError(NOT_READABLE);
  }
}

/** Where a PNG's IEND chunk ends (its chunks walked from the signature), or -1. */
function pngEnd(data: Buffer): number {
  let at = 8;
  while (at + 12 <= data.length) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    at += 12 + length;
    if (type === 'IEND') return at;
  }
  return -1;
}

interface Box {
  type: string;
  /** Where the box's content starts and where the box ends. */
  start: number;
  end: number;
}

/** The boxes (ISO BMFF) between `from` and `to`, or null unless they fill it exactly. */
function boxes(data: Buffer, from: number, to: number): Box[] | null {
  const list: Box[] = [];
  let at = from;
  while (at < to) {
    if (at + 8 > to) return null;
    let size = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return null;
      const large = data.readBigUInt64BE(at + 8);
      if (large > BigInt(to - at)) return null;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = to - at; // to the end
    }
    if (size < header || at + size > to || !/^[\x20-\x7e]{4}$/.test(type)) return null;
    list.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return list;
}

const readUInt = (data: Buffer, at: number, bytes: number): number =>
  bytes === 0 ? 0 : bytes === 4 ? data.readUInt32BE(at) : bytes === 8 ? Number(data.readBigUInt64BE(at)) : -1;

/**
 * A HEIF still image whose structure holds together: the top-level boxes
 * fill the file exactly (nothing before, between or after them), the first
 * is `ftyp`, there is one `meta` (handler `pict`, with `pitm`, `iinf`, `iloc`
 * and `iprp`) and the data each item's location points at lies inside the
 * file. Text or HTML where a box should be breaks the walk.
 */
export function checkHeifBoxes(data: Buffer): boolean {
  try {
    const top = boxes(data, 0, data.length);
    if (top?.[0]?.type !== 'ftyp') return false;
    if (!top.every((b) => ['ftyp', 'meta', 'mdat', 'free', 'skip', 'moov', 'uuid', 'idat'].includes(b.type))) {
      return false;
    }
    const metas = top.filter((b) => b.type === 'meta');
    if (metas.length !== 1) return false;
    // meta is a full box: version and flags before its children.
    const children = boxes(data, metas[0].start + 4, metas[0].end);
    if (!children) return false;
    const child = (type: string) => children.find((b) => b.type === type);
    const hdlr = child('hdlr');
    if (!hdlr || data.toString('latin1', hdlr.start + 8, hdlr.start + 12) !== 'pict') return false;
    const iloc = child('iloc');
    if (!iloc || !child('pitm') || !child('iinf') || !child('iprp')) return false;
    return ilocInside(data, iloc);
  } catch {
    // A read past the end of the buffer: not a HEIF file.
    return false;
  }
}

/** Every extent of the item location box (ISO/IEC 14496-12 8.11.3) that points into the file lies inside it. */
function ilocInside(data: Buffer, iloc: Box): boolean {
  let at = iloc.start;
  const version = data[at];
  at += 4;
  const offsetSize = data[at] >> 4;
  const lengthSize = data[at] & 15;
  const baseOffsetSize = data[at + 1] >> 4;
  const indexSize = version === 1 || version === 2 ? data[at + 1] & 15 : 0;
  at += 2;
  if (version > 2 || [offsetSize, lengthSize, baseOffsetSize, indexSize].some((n) => ![0, 4, 8].includes(n))) {
    return false;
  }
  const itemCount = version < 2 ? data.readUInt16BE(at) : data.readUInt32BE(at);
  at += version < 2 ? 2 : 4;
  if (itemCount === 0) return false;
  for (let item = 0; item < itemCount; item++) {
    at += version < 2 ? 2 : 4; // item id
    let method = 0;
    if (version === 1 || version === 2) {
      method = data.readUInt16BE(at) & 15;
      at += 2;
    }
    at += 2; // data reference index
    const base = readUInt(data, at, baseOffsetSize);
    at += baseOffsetSize;
    const extents = data.readUInt16BE(at);
    at += 2;
    for (let e = 0; e < extents; e++) {
      at += indexSize;
      const offset = readUInt(data, at, offsetSize);
      at += offsetSize;
      const length = readUInt(data, at, lengthSize);
      at += lengthSize;
      // Method 0 points into the file; 1 (idat) and 2 (another item) are checked by the walk of the boxes.
      if (method === 0 && (base + offset > data.length || base + offset + length > data.length)) return false;
    }
    if (at > iloc.end) return false;
  }
  return at === iloc.end;
}

export interface UploadedImage {
  data: Buffer;
  contentType: string;
}

/**
 * Reads the multipart file part named `field`: an image (or, with
 * `accept: 'pdf'`, a PDF) by content, at most 10 MB (413), anything else 415.
 * Other parts (text fields) are returned too.
 */
export async function readMultipart(
  request: FastifyRequest,
  field: string,
  { required, accept = 'image' }: { required: boolean; accept?: 'image' | 'pdf' | 'csv' },
): Promise<{ image: UploadedImage | null; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new UnsupportedMediaTypeError('Send the file as multipart/form-data');
  const fields: Record<string, string> = {};
  let image: UploadedImage | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // The size first, whatever the part: an oversized upload is a 413, never a 415 about its first bytes.
        // toBuffer() throws only when it sees the stream's `truncated` flag after a chunk; when the client's
        // last chunk holds nothing but the bytes past the limit, the parser drops them, flags the stream once
        // every kept chunk has been read and just ends it, so toBuffer() answers exactly MAX_UPLOAD_BYTES.
        // The flag is set before the stream ends, so reading it here is certain.
        if (part.file.truncated || data.length > MAX_UPLOAD_BYTES) throw new PayloadTooLargeError(TOO_LARGE);
        if (part.fieldname !== field || data.length === 0) continue;
        const contentType =
          accept === 'pdf' ? sniffPdfType(data) : accept === 'csv' ? sniffTableType(data) : sniffImageType(data);
        if (!contentType) {
          throw new UnsupportedMediaTypeError(
            accept === 'pdf' ? NOT_A_PDF : accept === 'csv' ? NOT_A_CSV : NOT_AN_IMAGE,
          );
        }
        if (accept === 'image') await checkImage(data, contentType);
        image = { data, contentType };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (
      code === 'FST_REQ_FILE_TOO_LARGE' ||
      code === 'FST_FILES_LIMIT' ||
      (error as { statusCode?: number }).statusCode === 413
    ) {
      throw new PayloadTooLargeError(TOO_LARGE);
    }
    if (error instanceof AppError) throw error;
    // The parser's own complaints (no boundary, a body cut short, a malformed part): the client's fault.
    throw new ValidationError(NOT_MULTIPART);
  }
  if (required && !image) throw new ValidationError(`${field} is required`, field);
  return { image, fields };
}

/**
 * The body of a multipart call (see MultipartSpec): the record from its JSON
 * text part (or a plain JSON body, which such calls also take), validated by
 * `schema` with the spec's "Please …" messages kept as they are, and the image.
 */
export async function readMultipartCall(
  request: FastifyRequest,
  spec: MultipartSpec,
  schema: ZodType | undefined,
): Promise<{ body: unknown; file: UploadedImage | null }> {
  if (!spec.json) {
    // An optional file may be left out altogether: a request without a multipart body then has no file.
    if (!spec.fileRequired && !request.isMultipart()) return { body: undefined, file: null };
    const { image } = await readMultipart(request, spec.file, { required: spec.fileRequired, accept: spec.accept });
    return { body: undefined, file: image };
  }
  let raw: unknown = request.body;
  let file: UploadedImage | null = null;
  if (request.isMultipart()) {
    const parts = await readMultipart(request, spec.file, { required: spec.fileRequired, accept: spec.accept });
    file = parts.image;
    try {
      const part = parts.fields[spec.json];
      raw = part === undefined && spec.jsonOptional ? undefined : JSON.parse(part ?? '');
    } catch {
      throw new ValidationError(`${spec.json} must be JSON text`, spec.json);
    }
  }
  if (!schema) return { body: raw, file };
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.join('.');
    throw new ValidationError(issue.message.startsWith('Please') ? issue.message : `${field} ${issue.message}`, field);
  }
  return { body: parsed.data, file };
}
