import type { z } from 'zod';
import { csvFile } from '../parties.js';

/**
 * A list's Export CSV call (docs/export.md): the list's own filter as the body
 * (paging fields are ignored), answering every matching row in the list's
 * sort order as text/csv, streamed.
 */
export function csvExportCall<const P extends string, B extends z.ZodType>(path: P, body: B, what: string) {
  return {
    method: 'POST',
    reads: true,
    path,
    summary: `${what} as CSV: every row the filter matches, in its sort order (text/csv, streamed)`,
    body,
    response: csvFile,
    /** 429: too many exports are streaming at once in the server. */
    errors: [429],
  } as const;
}
