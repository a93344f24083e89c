import { DEFAULT_EMAIL_MESSAGE, DEFAULT_EMAIL_SUBJECT } from './email-templates.js';

/**
 * The settings' bounds and defaults, apart from their schema (settings.ts) so that a browser that
 * only needs the defaults until the server answers loads no validation code.
 */

/** The bounds of the page sizes an admin may set (docs/settings.md). */
export const SETTINGS_BOUNDS = {
  resultsPerPage: { min: 1, max: 500 },
  resultsPerInput: { min: 1, max: 200 },
  pagesDisplayed: { min: 1, max: 20 },
} as const;

/**
 * The paper the invoice (PDF and print), the statement and the resale
 * certificate are laid out for, portrait with 10 mm margins: A4 (210 × 297 mm)
 * or US Letter (8.5 × 11 in).
 */
export const PAPER_SIZES = ['A4', 'Letter'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/**
 * What a business starts with. A `Settings` (settings.ts) by shape; the contracts' tests parse it
 * with the settings' schema.
 */
export const DEFAULT_SETTINGS = {
  resultsPerPage: 10,
  resultsPerInput: 50,
  pagesDisplayed: 5,
  invoiceResultsPerPage: true,
  resultsPerInputInvoices: 50,
  resultsPerInputCustomers: 50,
  showSuggestedAnalysis: false,
  showIndividualMargin: false,
  showDamagedGoods: false,
  mailFrom: '',
  emailSubject: DEFAULT_EMAIL_SUBJECT,
  emailMessage: DEFAULT_EMAIL_MESSAGE,
  paperSize: 'A4' as PaperSize,
};

export const SETTINGS_MESSAGES = {
  saved: 'Settings saved',
} as const;
