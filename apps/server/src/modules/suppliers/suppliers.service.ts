import { type ListFilter, MESSAGES, PARTY_MESSAGES, type supplierInput, type supplierUpdateInput } from '@wd/contracts';
import type { z } from 'zod';
import { auditTrail } from '../../lib/audit.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { describeReferences } from '../../lib/soft-delete.js';
import { suppliersRepository as repo } from './suppliers.repository.js';

type Input = z.output<typeof supplierInput>;
type UpdateInput = z.output<typeof supplierUpdateInput>;

/** A supplier's audit trail: the supplier as the API answers it (it holds no money). */
const supplierTrail = auditTrail('supplier', (row: NonNullable<Awaited<ReturnType<typeof repo.find>>>) => row);

export function createSuppliersService({ db }: AppContext) {
  return {
    async get(id: number) {
      const row = await repo.find(db, id);
      if (!row) throw new NotFoundError(PARTY_MESSAGES.supplierNotFound);
      return row;
    },
    async list(filter: ListFilter) {
      const { rows, totalRows } = await repo.list(db, filter);
      return pageResponse('distributors', rows, filter, totalRows);
    },
    async create(input: Input, user: AuthUser) {
      return db.transaction(async (tx) => {
        const row = await repo.insert(tx, input);
        await supplierTrail.create(tx, user.id, row.id, row);
        return row;
      });
    },
    async update({ id, ...values }: UpdateInput, user: AuthUser) {
      return db.transaction(async (tx) => {
        const before = await repo.find(tx, id, true);
        if (!before) throw new NotFoundError(PARTY_MESSAGES.supplierNotFound);
        const row = await repo.update(tx, id, values);
        await supplierTrail.update(tx, user.id, id, before, row);
        return row;
      });
    },
    async delete(id: number, user: AuthUser) {
      await db.transaction(async (tx) => {
        const row = await repo.find(tx, id, true);
        if (!row) throw new NotFoundError(PARTY_MESSAGES.supplierNotFound);
        const refs = describeReferences(await repo.references(tx, id));
        if (refs) throw new ConflictError(`${row.company} has ${refs} and can not be deleted`);
        await repo.remove(tx, id);
        await supplierTrail.delete(tx, user.id, id, row);
      });
      return { message: MESSAGES.deleted };
    },
  };
}
