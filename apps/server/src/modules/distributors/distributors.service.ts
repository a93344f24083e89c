import {
  type distributorInput,
  type distributorUpdateInput,
  type ListFilter,
  MESSAGES,
  PARTY_MESSAGES,
} from '@wd/contracts';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit.js';
import type { AppContext } from '../../lib/context.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { describeReferences } from '../../lib/soft-delete.js';
import type { AuthUser } from '../users/users.service.js';
import { distributorsRepository as repo } from './distributors.repository.js';

type Input = z.output<typeof distributorInput>;
type UpdateInput = z.output<typeof distributorUpdateInput>;

export function createDistributorsService({ db }: AppContext) {
  return {
    async get(id: number) {
      const row = await repo.find(db, id);
      if (!row) throw new NotFoundError(PARTY_MESSAGES.distributorNotFound);
      return row;
    },
    async list(filter: ListFilter) {
      const { rows, totalRows } = await repo.list(db, filter);
      return pageResponse('distributors', rows, filter, totalRows);
    },
    async create(input: Input, user: AuthUser) {
      return db.transaction(async (tx) => {
        const row = await repo.insert(tx, input);
        await recordAudit(tx, user.id, 'distributor', row.id, 'create', null, row);
        return row;
      });
    },
    async update({ id, ...values }: UpdateInput, user: AuthUser) {
      return db.transaction(async (tx) => {
        const before = await repo.find(tx, id, true);
        if (!before) throw new NotFoundError(PARTY_MESSAGES.distributorNotFound);
        const row = await repo.update(tx, id, values);
        await recordAudit(tx, user.id, 'distributor', id, 'update', before, row);
        return row;
      });
    },
    async delete(id: number, user: AuthUser) {
      await db.transaction(async (tx) => {
        const row = await repo.find(tx, id, true);
        if (!row) throw new NotFoundError(PARTY_MESSAGES.distributorNotFound);
        const refs = describeReferences(await repo.references(tx, id));
        if (refs) throw new ConflictError(`${row.company} has ${refs} and can not be deleted`);
        await repo.remove(tx, id);
        await recordAudit(tx, user.id, 'distributor', id, 'delete', row, null);
      });
      return { message: MESSAGES.deleted };
    },
  };
}
