import { z } from 'zod';
import { defineCalls } from '../common/call.js';
import { importKind, importOptions, importPreviewResponse } from '../imports.js';
import { binaryFile } from '../parties.js';

const kindParams = z.object({ kind: importKind });
const multipart = { json: 'options', file: 'file', fileRequired: true, accept: 'csv' } as const;

/** Import products or customers from CSV (docs/import.md); admins only. */
export const importCalls = defineCalls('import', {
  preview: {
    method: 'POST',
    path: '/import/:kind/preview',
    summary:
      "The file's headings, the mapping (the one sent, else the remembered or a suggested one), the counts of rows to create, update and refuse, and the first rows with each one's result. Nothing is written.",
    auth: 'admin',
    params: kindParams,
    body: importOptions,
    multipart,
    response: importPreviewResponse,
    errors: [413, 415],
  },
  refused: {
    method: 'POST',
    path: '/import/:kind/refused',
    summary: "The refused rows as CSV: each row's line, its cells as in the file and the reasons (text/csv)",
    auth: 'admin',
    params: kindParams,
    body: importOptions,
    multipart,
    response: binaryFile,
    errors: [413, 415],
  },
  run: {
    method: 'POST',
    path: '/import/:kind/run',
    summary:
      'Imports the file: NDJSON lines of progress ({type:"progress",phase,done,total}) then the result ({type:"done",written,…} or {type:"error",message}, nothing written). All or nothing unless mode is "valid".',
    auth: 'admin',
    params: kindParams,
    body: importOptions,
    multipart,
    response: binaryFile,
    errors: [413, 415],
  },
});
