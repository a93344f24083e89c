import {
  type Customer,
  type CustomerListFilter,
  type customerInput,
  type customerUpdateInput,
  HOUSE_BILLER_ID,
  PARTY_MESSAGES,
  PRICE_GROUP_MESSAGES,
  toCents,
  todayIn,
} from '@wd/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { createSoftDelete } from '../../lib/soft-delete.js';
import type { UploadedImage } from '../../lib/uploads.js';
import { billersRepository } from '../billers/billers.repository.js';
import { filesRepository } from '../files/files.repository.js';
import { priceGroupsRepository } from '../price-groups/price-groups.repository.js';
import { settingsRepository } from '../settings/settings.repository.js';
import {
  type CustomerRow,
  toCustomer as customerOf,
  customerTrail,
  customersRepository as repo,
} from './customers.repository.js';
import { renderResaleCertificate } from './resale-certificate.js';

type Input = z.output<typeof customerInput>;
type UpdateInput = z.output<typeof customerUpdateInput>;

export function createCustomersService({ db, config }: AppContext) {
  const today = () => todayIn(config.timeZone);

  const toCustomer = (row: CustomerRow): Customer => customerOf(row, today());

  const assertNotFuture = (date: string | null | undefined) => {
    if (date && date > today())
      throw new ValidationError('dateLastVerified can not be in the future', 'dateLastVerified');
  };

  const findRow = async (id: number) => {
    const row = await repo.find(db, id);
    if (!row) throw new NotFoundError(PARTY_MESSAGES.customerNotFound);
    return row;
  };

  const assertPriceGroup = async (tx: Tx, id: number) => {
    if (!(await priceGroupsRepository.findById(tx, id))) throw new NotFoundError(PRICE_GROUP_MESSAGES.notFound);
  };

  return {
    get: async (id: number) => toCustomer(await findRow(id)),

    async list(filter: CustomerListFilter, deleted = false) {
      const { rows, totalRows } = await repo.list(db, filter, deleted);
      return pageResponse('customers', rows.map(toCustomer), filter, totalRows);
    },

    async create(input: Input, user: AuthUser) {
      assertNotFuture(input.dateLastVerified);
      return db.transaction(async (tx) => {
        await assertPriceGroup(tx, input.priceGroupID);
        const { priceGroupID, dateLastVerified, creditLimit, ...values } = input;
        const id = await repo.insert(tx, {
          ...values,
          creditLimit: toCents(creditLimit),
          priceGroupId: priceGroupID,
          dateLastVerified: dateLastVerified || null,
        });
        const row = (await repo.find(tx, id))!;
        await customerTrail.create(tx, user.id, id, row);
        return toCustomer(row);
      });
    },

    async update(input: UpdateInput, user: AuthUser) {
      assertNotFuture(input.dateLastVerified);
      return db.transaction(async (tx) => {
        if (!(await repo.lock(tx, input.id))) throw new NotFoundError(PARTY_MESSAGES.customerNotFound);
        await assertPriceGroup(tx, input.priceGroupID);
        const before = await repo.find(tx, input.id);
        const { id, priceGroupID, dateLastVerified, creditLimit, ...values } = input;
        await repo.update(tx, id, {
          ...values,
          // Absent keeps the limit.
          ...(creditLimit === undefined ? {} : { creditLimit: toCents(creditLimit) }),
          priceGroupId: priceGroupID,
          // Absent keeps the date; '' or null clears it.
          ...(dateLastVerified === undefined ? {} : { dateLastVerified: dateLastVerified || null }),
        });
        const after = (await repo.find(tx, id))!;
        await customerTrail.update(tx, user.id, id, before!, after);
        return toCustomer(after);
      });
    },

    /** Stores the signed certificate image and marks the customer verified today. */
    async signResaleCertificate(id: number, image: UploadedImage, user: AuthUser) {
      return db.transaction(async (tx) => {
        if (!(await repo.lock(tx, id))) throw new NotFoundError(PARTY_MESSAGES.customerNotFound);
        const before = (await repo.find(tx, id))!;
        const fileId = await filesRepository.insert(tx, 'resaleCertificate', image);
        await repo.update(tx, id, { resaleCertificateFileId: fileId, dateLastVerified: today() });
        if (before.resaleCertificateFileId) await filesRepository.remove(tx, before.resaleCertificateFileId);
        const after = (await repo.find(tx, id))!;
        await customerTrail.update(tx, user.id, id, before, after);
        return toCustomer(after);
      });
    },

    async resaleCertificateImage(id: number) {
      const row = await findRow(id);
      const file = row.resaleCertificateFileId
        ? await filesRepository.find(db, row.resaleCertificateFileId)
        : undefined;
      if (!file) throw new NotFoundError(PARTY_MESSAGES.noResaleCertificate);
      return file;
    },

    /** The one-page PDF: seller (biller 1), buyer, date verified and the image. */
    async resaleCertificatePdf(id: number) {
      const row = await findRow(id);
      if (!row.company || !row.dateLastVerified || !row.resaleCertificateFileId) {
        throw new NotFoundError(PARTY_MESSAGES.noResaleCertificate);
      }
      const [seller, file, paperSize] = await Promise.all([
        billersRepository.find(db, HOUSE_BILLER_ID),
        filesRepository.find(db, row.resaleCertificateFileId),
        settingsRepository.paperSize(db),
      ]);
      return renderResaleCertificate(
        {
          seller: seller ?? { company: '' },
          buyer: row,
          dateVerified: row.dateLastVerified,
          image: file ? { data: file.data, contentType: file.contentType } : undefined,
        },
        paperSize,
      );
    },

    /** Delete and recover (docs/business-rules.md); the certificate image goes with a permanent delete. */
    ...createSoftDelete(db, customers, {
      trail: customerTrail,
      notFound: PARTY_MESSAGES.customerNotFound,
      label: (r: CustomerRow) => r.company,
      lockMany: repo.findMany,
      references: (tx, r) => repo.references(tx, r.id),
      async removeFiles(tx, rows) {
        for (const r of rows) {
          if (r.resaleCertificateFileId) await filesRepository.remove(tx, r.resaleCertificateFileId);
        }
      },
    }),
  };
}
