import type { z } from 'zod';
import { messageSchema } from '../common/errors.js';
import { idParams, idsBody } from '../common/fields.js';
import { listBody } from '../common/list.js';

/**
 * The calls of the one soft-delete mechanism (docs/business-rules.md): the
 * deleted list, delete (soft for an active record, permanent for a deleted
 * one) and recover, each for one id in the path or many in the body.
 * `path` is the area's path word (`product`, `supplier`, `customer`).
 */
export function softDeleteCalls<R extends z.ZodType>(path: string, noun: string, listResponse: R) {
  return {
    listDeleted: {
      method: 'POST',
      reads: true,
      path: `/${path}/all/deleted`,
      summary: `Soft-deleted ${noun}s (the recover list)`,
      body: listBody,
      response: listResponse,
    },
    deleteOne: {
      method: 'DELETE',
      path: `/${path}/delete/:id`,
      summary: `Soft-delete an active ${noun}; permanently delete one already deleted`,
      params: idParams,
      response: messageSchema,
      errors: [404, 409],
    },
    delete: {
      method: 'POST',
      path: `/${path}/delete`,
      summary: `Delete ${noun}s by id (soft for active, permanent for deleted)`,
      body: idsBody,
      response: messageSchema,
      errors: [404, 409],
    },
    recoverOne: {
      method: 'POST',
      path: `/${path}/recover/:id`,
      summary: `Recover a deleted ${noun}`,
      params: idParams,
      response: messageSchema,
      errors: [404, 409],
    },
    recover: {
      method: 'POST',
      path: `/${path}/recover`,
      summary: `Recover deleted ${noun}s by id`,
      body: idsBody,
      response: messageSchema,
      errors: [404, 409],
    },
  } as const;
}
