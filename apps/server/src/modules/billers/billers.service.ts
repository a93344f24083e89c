import {
  type BillerInput,
  type billerInput,
  type billerUpdateInput,
  HOUSE_BILLER_ID,
  type ListFilter,
  PARTY_MESSAGES,
  SECOND_BILLER_ID,
} from '@wd/contracts';
import type { z } from 'zod';
import { billers } from '../../db/schema/index.js';
import { auditTrail } from '../../lib/audit.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { NotFoundError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { createSoftDelete } from '../../lib/soft-delete.js';
import type { UploadedImage } from '../../lib/uploads.js';
import { filesRepository } from '../files/files.repository.js';
import { type BillerRow, billersRepository as repo, toBiller } from './billers.repository.js';

type Input = z.output<typeof billerInput>;
type UpdateInput = z.output<typeof billerUpdateInput>;

/** A biller's audit trail: the biller as the API answers it. */
const billerTrail = auditTrail('biller', toBiller);

export function createBillersService({ db }: AppContext) {
  return {
    async get(id: number) {
      const row = await repo.find(db, id);
      if (!row) throw new NotFoundError(PARTY_MESSAGES.billerNotFound);
      return toBiller(row);
    },

    async list(filter: ListFilter, deleted = false) {
      const { rows, totalRows } = await repo.list(db, filter, deleted);
      return pageResponse('billers', rows.map(toBiller), filter, totalRows);
    },

    async create(input: Input, user: AuthUser) {
      return db.transaction(async (tx) => {
        const row = await repo.insert(tx, input);
        await billerTrail.create(tx, user.id, row.id, row);
        return toBiller(row);
      });
    },

    async update({ id, ...values }: UpdateInput, user: AuthUser) {
      return db.transaction(async (tx) => {
        const before = await repo.find(tx, id, true);
        if (!before) throw new NotFoundError(PARTY_MESSAGES.billerNotFound);
        const row = await repo.update(tx, id, values);
        await billerTrail.update(tx, user.id, id, before, row);
        return toBiller(row);
      });
    },

    async setLogo(id: number, image: UploadedImage, user: AuthUser) {
      return db.transaction(async (tx) => {
        const before = await repo.find(tx, id, true);
        if (!before) throw new NotFoundError(PARTY_MESSAGES.billerNotFound);
        const fileId = await filesRepository.insert(tx, 'logo', image);
        const row = await repo.update(tx, id, { logoFileId: fileId });
        if (before.logoFileId) await filesRepository.remove(tx, before.logoFileId);
        await billerTrail.update(tx, user.id, id, before, row);
        return toBiller(row);
      });
    },

    async logo(id: number) {
      const fileId = await repo.logo(db, id);
      const file = fileId ? await filesRepository.find(db, fileId) : undefined;
      if (!file) throw new NotFoundError('This biller has no logo');
      return file;
    },

    /** Delete and recover (docs/business-rules.md): billers 1 and 2 are defaults and always stay. */
    ...createSoftDelete(db, billers, {
      trail: billerTrail,
      notFound: PARTY_MESSAGES.billerNotFound,
      label: (r: BillerRow) => r.company,
      lockMany: repo.findMany,
      undeletable: (r) =>
        r.id === HOUSE_BILLER_ID || r.id === SECOND_BILLER_ID
          ? `Biller ${r.id} is a default biller (for new invoices and expenses) and can not be deleted`
          : null,
      references: (tx, r) => repo.references(tx, r.id),
      async removeFiles(tx, rows) {
        for (const r of rows) if (r.logoFileId) await filesRepository.remove(tx, r.logoFileId);
      },
    }),
  };
}

export type BillersService = ReturnType<typeof createBillersService>;
export type { BillerInput };
