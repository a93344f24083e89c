import { customerInput, IMPORT_FIELDS, matchFields, toCents, toDollars, todayIn, toEdiQualifier } from '@wd/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import type { customers } from '../../db/schema/index.js';
import { customersRepository, customerTrail } from '../customers/customers.repository.js';
import { dateCell, moneyCell, wholeCell } from './cells.js';
import { customerIdentity, importsRepository as repo } from './imports.repository.js';
import { type Cells, formChanges, type ImportAdapter } from './plan.js';

type Input = z.output<typeof customerInput>;
/** A customer's stored row, as the run reads and compares it. */
type StoredCustomer = typeof customers.$inferSelect;
interface Context {
  /** Price group id by lower-case name. */
  priceGroups: Map<string, { id: number; name: string }>;
  today: string;
}

const TEXT_FIELDS = ['company', 'name', 'address', 'city', 'state', 'postalCode', 'country', 'phone', 'email'] as const;

function columnsOf(input: Input) {
  const { priceGroupID, creditLimit, dateLastVerified, ...rest } = input;
  return {
    ...rest,
    priceGroupId: priceGroupID,
    creditLimit: toCents(creditLimit),
    dateLastVerified: dateLastVerified || null,
  };
}

/** The customers with these ids as their own screens read them, by id: the audit trail is written from these. */
async function byId(tx: Tx, ids: number[]) {
  return new Map((await customersRepository.findMany(tx, ids)).map((c) => [c.id, c]));
}

/** A customer as its form's input, but for the price group (an id there, a name in a file). */
function formOf(existing: StoredCustomer) {
  return {
    ...Object.fromEntries(TEXT_FIELDS.map((k) => [k, existing[k]])),
    awardPoints: existing.awardPoints,
    taxPermitNumber: existing.taxPermitNumber,
    creditLimit: toDollars(existing.creditLimit),
    dateLastVerified: existing.dateLastVerified ?? '',
    // Not in a file's columns: an update keeps the customer's EDI id as it is.
    ediId: existing.ediId,
    ediQualifier: toEdiQualifier(existing.ediQualifier),
  };
}

/** Rows written per statement. */
const BATCH = 500;

export function customersImport(timeZone: string): ImportAdapter<Input, StoredCustomer, Context> {
  return {
    kind: 'customers',
    keyFields: matchFields('customers'),
    async load(tx) {
      const groups = await repo.priceGroupNames(tx);
      return {
        priceGroups: new Map(groups.map((g) => [g.name.trim().toLowerCase(), g])),
        today: todayIn(timeZone),
      };
    },
    key: (cells: Cells) => (cells.company ? customerIdentity(cells.company, cells.postalCode ?? '') : ''),
    async existing(tx, keys, lock) {
      const out = new Map<string, StoredCustomer[]>();
      // In the run's transaction (lock): nobody changes them between this read and the write.
      for (const row of await repo.customersByIdentity(tx, keys, lock)) {
        const key = customerIdentity(row.company, row.postalCode);
        out.set(key, [...(out.get(key) ?? []), row]);
      }
      return out;
    },
    input(cells, existing, context) {
      const errors: string[] = [];
      const value: Record<string, unknown> = existing
        ? { ...formOf(existing), priceGroupID: existing.priceGroupId }
        : {};
      for (const key of TEXT_FIELDS) {
        // The company and postal code found the customer (case and spaces aside): they keep its spelling.
        if (existing && (key === 'company' || key === 'postalCode')) continue;
        if (cells[key] !== undefined) value[key] = cells[key];
      }
      if (cells.taxPermitNumber !== undefined) value.taxPermitNumber = cells.taxPermitNumber;
      if (cells.awardPoints !== undefined) value.awardPoints = wholeCell(cells.awardPoints);
      if (cells.creditLimit !== undefined) value.creditLimit = moneyCell(cells.creditLimit);
      if (cells.dateLastVerified !== undefined) {
        const date = dateCell(cells.dateLastVerified);
        value.dateLastVerified = date;
        if (/^\d{4}-\d{2}-\d{2}$/.test(date) && date > context.today) {
          errors.push('Date Last Verified can not be in the future');
        }
      }
      if (cells.priceGroup !== undefined) {
        const group = context.priceGroups.get(cells.priceGroup.toLowerCase());
        if (group) value.priceGroupID = group.id;
        else errors.push(`Price Group "${cells.priceGroup}" does not exist`);
      }
      return { value, errors };
    },
    schema: customerInput,
    check(row, _context, seen) {
      if (!row.input) return;
      const key = customerIdentity(row.input.company, row.input.postalCode);
      const line = seen.get(key);
      if (line) row.errors.push(`The same company and postal code are also on line ${line}`);
      else seen.set(key, row.line);
    },
    label: (existing) => `#${existing.id} ${existing.company}`,
    matchRefused: (existing) =>
      `A customer with this company and postal code already exists (${existing.company}${existing.postalCode ? `, ${existing.postalCode}` : ''}); to change it, choose to update the existing one`,
    changes(existing, input, context) {
      const { priceGroupID, ...rest } = input;
      const group = (id: number) => [...context.priceGroups.values()].find((g) => g.id === id)?.name ?? String(id);
      return formChanges(
        IMPORT_FIELDS.customers,
        { ...formOf(existing), priceGroup: group(existing.priceGroupId) },
        { ...rest, priceGroup: group(priceGroupID), dateLastVerified: input.dateLastVerified || '' },
        new Set(['creditLimit']),
      );
    },
    async create(tx, rows, userId) {
      for (let i = 0; i < rows.length; i += BATCH) {
        const inserted = await repo.insertCustomers(
          tx,
          rows.slice(i, i + BATCH).map((r) => columnsOf(r.input as Input)),
        );
        const after = await byId(
          tx,
          inserted.map((c) => c.id),
        );
        await customerTrail.write(
          tx,
          userId,
          'create',
          inserted.map((c) => ({ id: c.id, after: after.get(c.id) })),
        );
      }
    },
    async update(tx, rows, userId) {
      for (let i = 0; i < rows.length; i += BATCH) {
        const batch = rows.slice(i, i + BATCH);
        const ids = batch.map((r) => (r.existing as StoredCustomer).id);
        const before = await byId(tx, ids);
        for (const r of batch) {
          await repo.updateCustomer(tx, (r.existing as StoredCustomer).id, columnsOf(r.input as Input));
        }
        const after = await byId(tx, ids);
        await customerTrail.write(
          tx,
          userId,
          'update',
          ids.map((id) => ({ id, before: before.get(id), after: after.get(id) })),
        );
      }
    },
  };
}
