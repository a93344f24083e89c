import { defineCalls } from '../common/call.js';
import { z } from '../common/zod.js';
import { importKind, importOptions, importPreviewResponse } from '../imports.js';
import { csvFile, fileResponse } from '../parties.js';

/** The three import calls share all but their path, summary and answer: admins, the kind, options + file. */
function importCall<const P extends string, R extends z.ZodType>(
  path: P,
  summary: string,
  response: R,
  reads: boolean,
) {
  return {
    method: 'POST',
    reads,
    path,
    summary,
    auth: 'admin',
    params: z.object({ kind: importKind }),
    body: importOptions,
    multipart: { json: 'options', file: 'file', fileRequired: true, accept: 'csv' },
    response,
    errors: [413, 415],
  } as const;
}

/** Import products or customers from CSV or an Excel workbook (docs/import.md); admins only. */
export const importCalls = defineCalls('import', {
  preview: importCall(
    '/import/:kind/preview',
    "The file's headings, the mapping (the one sent, else the remembered or a suggested one), the counts of rows to create, update and refuse, and the first rows with each one's result. Nothing is written.",
    importPreviewResponse,
    true,
  ),
  refused: importCall(
    '/import/:kind/refused',
    "The refused rows as CSV: each row's line, its cells as in the file and the reasons (text/csv)",
    csvFile,
    true,
  ),
  run: importCall(
    '/import/:kind/run',
    'Imports the file: NDJSON lines of progress ({type:"progress",phase,done,total}) then the result ({type:"done",written,…} or {type:"error",message}, nothing written). All or nothing unless mode is "valid".',
    fileResponse('application/x-ndjson'),
    false,
  ),
});
