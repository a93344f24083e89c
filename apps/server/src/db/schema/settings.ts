import type { PaperSize } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';

/**
 * The business's settings: one row (id 1), written on the first save; until
 * then the defaults of DEFAULT_SETTINGS apply. mail_from '' means MAIL_FROM.
 */
export const settings = pgTable(
  'settings',
  {
    id: integer('id').primaryKey().default(1),
    resultsPerPage: integer('results_per_page').notNull().default(10),
    resultsPerInput: integer('results_per_input').notNull().default(50),
    pagesDisplayed: integer('pages_displayed').notNull().default(5),
    invoiceResultsPerPage: boolean('invoice_results_per_page').notNull().default(true),
    resultsPerInputInvoices: integer('results_per_input_invoices').notNull().default(50),
    resultsPerInputCustomers: integer('results_per_input_customers').notNull().default(50),
    showSuggestedAnalysis: boolean('show_suggested_analysis').notNull().default(false),
    showIndividualMargin: boolean('show_individual_margin').notNull().default(false),
    showDamagedGoods: boolean('show_damaged_goods').notNull().default(false),
    mailFrom: text('mail_from').notNull().default(''),
    /** The e-mail templates; '' means the built-in default (DEFAULT_SETTINGS). */
    emailSubject: text('email_subject').notNull().default(''),
    emailMessage: text('email_message').notNull().default(''),
    /** The paper of the invoice PDF and print, the statement and the resale certificate. */
    paperSize: text('paper_size').$type<PaperSize>().notNull().default('A4'),
    ...timestamps,
  },
  (t) => [
    check('settings_one_row', sql`${t.id} = 1`),
    check('settings_paper_size', sql`${t.paperSize} in ('A4', 'Letter')`),
  ],
);
