import { sql } from 'drizzle-orm';
import { date, index, integer, pgSequence, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { files } from './files.js';
import { priceGroups } from './price-groups.js';

const addressColumns = () => ({
  company: text('company').notNull(),
  name: text('name').notNull().default(''),
  address: text('address').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  country: text('country').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  /** The partner id in EDI files, '' for none; the qualifier 01 (DUNS), 12 (phone) or ZZ (mutually defined). */
  ediId: text('edi_id').notNull().default(''),
  ediQualifier: text('edi_qualifier').notNull().default('ZZ'),
});

/** Billers: the selling companies. Biller 1 is the house biller; 1 and 2 exist in every database. */
export const billers = pgTable(
  'billers',
  {
    id: serial('id').primaryKey(),
    ...addressColumns(),
    logoFileId: integer('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [index('billers_company_lower_idx').on(sql`lower(${t.company})`)],
);

/** Customers (buyers); every customer is in a price group, 1 (the default) unless chosen. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    ...addressColumns(),
    awardPoints: integer('award_points').notNull().default(0),
    taxPermitNumber: text('tax_permit_number').notNull().default(''),
    priceGroupId: integer('price_group_id')
      .notNull()
      .default(1)
      .references(() => priceGroups.id, { onDelete: 'set default' }),
    /** The price group's name, kept by triggers (migration 0065): the list sorts by it from an index. */
    priceGroupSort: text('price_group_sort'),
    dateLastVerified: date('date_last_verified', { mode: 'string' }),
    resaleCertificateFileId: integer('resale_certificate_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** Cents; 0 = no limit (docs/receivables.md, "Credit limit"). */
    creditLimit: integer('credit_limit').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
    /**
     * The columns the customer list searches, one per line, in lower case (migration 0081): the
     * search reads this one column through one trigram index instead of six (lib/list-search.ts,
     * searchCondition).
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(company || E'\\n' || name || E'\\n' || city || E'\\n' || phone || E'\\n' || email || E'\\n' || tax_permit_number)`,
    ),
  },
  (t) => [
    index('customers_company_lower_idx').on(sql`lower(${t.company})`),
    index('customers_price_group_idx').on(t.priceGroupId),
    index('customers_verified_idx').on(t.dateLastVerified),
    /** The few customers with a limit: the list's "over their limit" filter starts from them. */
    index('customers_credit_limit_idx').on(t.id).where(sql`${t.creditLimit} > 0`),
    /**
     * The customer list sorted by a column, live customers only: (column, company, id), read
     * forwards for an ascending sort and backwards for a descending one (ties in its direction).
     */
    ...(
      [
        ['name', t.name],
        ['city', t.city],
        ['state', t.state],
        ['phone', t.phone],
        ['email', t.email],
        ['edi_id', t.ediId],
        ['edi_qualifier', t.ediQualifier],
        ['award_points', t.awardPoints],
        ['date_last_verified', t.dateLastVerified],
        ['credit_limit', t.creditLimit],
        ['price_group_sort', t.priceGroupSort],
      ] as const
    ).map(([name, column]) =>
      index(`customers_live_${name}_idx`).on(column, t.company, t.id).where(sql`${t.deletedAt} is null`),
    ),
  ],
);

/** Suppliers (distributors) the business buys from. */
export const suppliers = pgTable(
  'distributors',
  {
    id: serial('id').primaryKey(),
    company: text('company').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('distributors_company_lower_idx').on(sql`lower(${t.company})`)],
);

export const expenseReferenceSeq = pgSequence('expense_reference_seq');

export const expenses = pgTable(
  'expenses',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    date: date('date', { mode: 'string' }).notNull(),
    billerId: integer('biller_id')
      .notNull()
      .references(() => billers.id, { onDelete: 'restrict' }),
    expense: text('expense').notNull(),
    category: text('category').notNull().default(''),
    amount: integer('amount').notNull(),
    /** The biller's company, kept by triggers (migration 0063): the list sorts by it from an index. */
    billerSort: text('biller_sort'),
    ...timestamps,
    /** The columns the expense list searches, one per line, in lower case (migration 0082), under one trigram index. */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(reference || E'\\n' || expense || E'\\n' || category)`),
  },
  (t) => [
    index('expenses_date_idx').on(t.date),
    index('expenses_biller_idx').on(t.billerId),
    // The list's sorts: the column, then date and id in the sort's direction, read through the
    // index either way (the reference is unique: its own index orders it).
    index('expenses_biller_sort_idx').on(t.billerSort, t.date, t.id),
    index('expenses_expense_sort_idx').on(t.expense, t.date, t.id),
    index('expenses_category_sort_idx').on(t.category, t.date, t.id),
    index('expenses_amount_sort_idx').on(t.amount, t.date, t.id),
  ],
);
