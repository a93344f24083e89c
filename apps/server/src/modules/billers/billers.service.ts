import {
  type BillerInput,
  type billerInput,
  HOUSE_BILLER_ID,
  type ListFilter,
  MESSAGES,
  PARTY_MESSAGES,
  SECOND_BILLER_ID,
} from '@wd/contracts';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit.js';
import type { AppContext } from '../../lib/context.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import type { UploadedImage } from '../../lib/uploads.js';
import { filesRepository } from '../files.repository.js';
import type { AuthUser } from '../users/users.service.js';
import { billersRepository as repo, toBiller } from './billers.repository.js';

type Input = z.output<typeof billerInput>;

/** "3 expenses and 2 invoices" from reference counts. */
export function describeReferences(refs: Record<string, number>): string | null {
  const parts = Object.entries(refs)
    .filter(([, n]) => n > 0)
    .map(([what, n]) => `${n} ${n === 1 ? what.replace(/s$/, '') : what}`);
  return parts.length ? parts.join(' and ') : null;
}

export function createBillersService({ db }: AppContext) {
  const find = async (id: number) => {
    const row = await repo.find(db, id);
    if (!row) throw new NotFoundError(PARTY_MESSAGES.billerNotFound);
    return toBiller(row);
  };

  return {
    find,

    async list(filter: ListFilter, deleted = false) {
      const { rows, totalRows } = await repo.list(db, filter, deleted);
      return pageResponse('billers', rows.map(toBiller), filter, totalRows);
    },

    async create(input: Input, user: AuthUser) {
      return db.transaction(async (tx) => {
        const row = await repo.insert(tx, input);
        await recordAudit(tx, user.id, 'biller', row.id, 'create', null, input);
        return toBiller(row);
      });
    },

    async update(input: Input & { id: number }, user: AuthUser) {
      return db.transaction(async (tx) => {
        const before = await repo.find(tx, input.id, true);
        if (!before) throw new NotFoundError(PARTY_MESSAGES.billerNotFound);
        const { id, ...values } = input;
        const row = await repo.update(tx, id, values);
        await recordAudit(tx, user.id, 'biller', id, 'update', toBiller(before), toBiller(row));
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
        await recordAudit(tx, user.id, 'biller', id, 'update', { logo: before.logoFileId }, { logo: fileId });
        return toBiller(row);
      });
    },

    async logo(id: number) {
      const fileId = await repo.logo(db, id);
      const file = fileId ? await filesRepository.find(db, fileId) : undefined;
      if (!file) throw new NotFoundError('This biller has no logo');
      return file;
    },

    /**
     * Delete: an active biller is soft-deleted; a deleted one is removed for
     * good unless anything points at it. Billers 1 and 2 are defaults and stay.
     */
    async delete(id: number, user: AuthUser) {
      if (id === HOUSE_BILLER_ID || id === SECOND_BILLER_ID) {
        throw new ConflictError(
          `Biller ${id} is a default biller (for new invoices and expenses) and can not be deleted`,
        );
      }
      await db.transaction(async (tx) => {
        const row = await repo.find(tx, id, true);
        if (!row) throw new NotFoundError(PARTY_MESSAGES.billerNotFound);
        if (!row.deletedAt) {
          await repo.update(tx, id, { deletedAt: new Date() });
          await recordAudit(tx, user.id, 'biller', id, 'delete', toBiller(row), { deleted: 'soft' });
          return;
        }
        const refs = describeReferences(await repo.references(tx, id));
        if (refs) throw new ConflictError(`${row.company} has ${refs} and can not be deleted permanently`);
        await repo.remove(tx, id);
        if (row.logoFileId) await filesRepository.remove(tx, row.logoFileId);
        await recordAudit(tx, user.id, 'biller', id, 'delete', toBiller(row), { deleted: 'permanent' });
      });
      return { message: MESSAGES.deleted };
    },

    async recover(id: number, user: AuthUser) {
      await db.transaction(async (tx) => {
        const row = await repo.find(tx, id, true);
        if (!row?.deletedAt) throw new NotFoundError(PARTY_MESSAGES.billerNotFound);
        await repo.update(tx, id, { deletedAt: null });
        await recordAudit(tx, user.id, 'biller', id, 'recover', null, null);
      });
      return { message: MESSAGES.recovered };
    },
  };
}
export type { BillerInput };
