import { MAX_UPLOAD_BYTES, type MultipartSpec } from '@wd/contracts';
import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from './errors.js';

export const NOT_AN_IMAGE = 'Only images (JPEG, PNG, WebP or HEIC) can be uploaded';
export const TOO_LARGE = 'The file is larger than 10 MB';
export const NOT_A_PDF = 'Only a PDF can be uploaded here';

/** 'application/pdf' when the content starts like a PDF (`%PDF-`), else null. */
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
  { required, accept = 'image' }: { required: boolean; accept?: 'image' | 'pdf' },
): Promise<{ image: UploadedImage | null; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new UnsupportedMediaTypeError('Send the file as multipart/form-data');
  const fields: Record<string, string> = {};
  let image: UploadedImage | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname !== field || data.length === 0) continue;
        if (data.length > MAX_UPLOAD_BYTES) throw new PayloadTooLargeError(TOO_LARGE);
        const contentType = accept === 'pdf' ? sniffPdfType(data) : sniffImageType(data);
        if (!contentType) throw new UnsupportedMediaTypeError(accept === 'pdf' ? NOT_A_PDF : NOT_AN_IMAGE);
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
    throw error;
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
      raw = JSON.parse(parts.fields[spec.json] ?? '');
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
