import {
  barcodeGenerateInput,
  barcodeGenerateResponse,
  barcodeItemInput,
  barcodeItemResponse,
  barcodeItemsResponse,
  barcodeItemUpdateInput,
} from '../barcodes.js';
import { defineCalls } from '../common/call.js';
import { messageSchema } from '../common/errors.js';
import { idParams } from '../common/fields.js';
import { listBody } from '../common/list.js';

/**
 * The signed-in user's barcode label list (each user has their own) and
 * barcode images. The image itself is a plain public route, outside /api
 * (barcodeImagePath), so it is not a call.
 */
export const barcodeCalls = defineCalls('barcode labels', {
  generate: {
    method: 'POST',
    path: '/barcode/generate',
    summary: 'Render a barcode image; answers its address',
    body: barcodeGenerateInput,
    response: barcodeGenerateResponse,
  },
  list: {
    method: 'POST',
    reads: true,
    path: '/barcode/all',
    summary: 'My label list (every item, in the order added unless sorted)',
    body: listBody,
    response: barcodeItemsResponse,
  },
  add: {
    method: 'POST',
    path: '/barcode/insert',
    summary: 'Add labels of a product (adds to the quantity when listed)',
    body: barcodeItemInput,
    response: barcodeItemResponse,
    errors: [404],
  },
  update: {
    method: 'PATCH',
    path: '/barcode/update',
    summary: 'Set the quantity of a label',
    body: barcodeItemUpdateInput,
    response: barcodeItemResponse,
    errors: [404],
  },
  clear: {
    method: 'DELETE',
    path: '/barcode/delete/all',
    summary: 'Empty my label list',
    response: messageSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/barcode/delete/:id',
    summary: 'Remove a label',
    params: idParams,
    response: messageSchema,
    errors: [404],
  },
});
