import { DEFAULT_SETTINGS, type PaperSize, type Settings } from '@wd/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';

const ROW_ID = 1;

const settingsColumns = {
  resultsPerPage: settings.resultsPerPage,
  resultsPerInput: settings.resultsPerInput,
  pagesDisplayed: settings.pagesDisplayed,
  invoiceResultsPerPage: settings.invoiceResultsPerPage,
  resultsPerInputInvoices: settings.resultsPerInputInvoices,
  resultsPerInputCustomers: settings.resultsPerInputCustomers,
  showSuggestedAnalysis: settings.showSuggestedAnalysis,
  showIndividualMargin: settings.showIndividualMargin,
  showDamagedGoods: settings.showDamagedGoods,
  mailFrom: settings.mailFrom,
  emailSubject: settings.emailSubject,
  emailMessage: settings.emailMessage,
  paperSize: settings.paperSize,
};

/** A stored row as the API answers it: an empty template is the default one. */
function withDefaults(row: Settings): Settings {
  return {
    ...row,
    emailSubject: row.emailSubject || DEFAULT_SETTINGS.emailSubject,
    emailMessage: row.emailMessage || DEFAULT_SETTINGS.emailMessage,
  };
}

/** The one settings row; other areas read settings only through here. */
export const settingsRepository = {
  /** The stored settings, or the defaults while none were saved. */
  async read(db: Tx, lock = false): Promise<Settings> {
    const query = db.select(settingsColumns).from(settings).where(eq(settings.id, ROW_ID));
    const [row] = lock ? await query.for('update') : await query;
    return row ? withDefaults(row) : { ...DEFAULT_SETTINGS };
  },

  /** Writes the whole set (creating the row on the first save). */
  async write(db: Tx, values: Settings): Promise<Settings> {
    const [row] = await db
      .insert(settings)
      .values({ id: ROW_ID, ...values })
      .onConflictDoUpdate({ target: settings.id, set: { ...values, updatedAt: new Date() } })
      .returning(settingsColumns);
    return withDefaults(row as Settings);
  },

  /** The paper the printed documents are laid out for. */
  async paperSize(db: Tx): Promise<PaperSize> {
    const [row] = await db.select({ paperSize: settings.paperSize }).from(settings).where(eq(settings.id, ROW_ID));
    return row?.paperSize ?? DEFAULT_SETTINGS.paperSize;
  },
};
