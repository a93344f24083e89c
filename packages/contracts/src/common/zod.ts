import { z } from 'zod';
import { validationMessages } from './messages.js';

/**
 * The one `z` every contracts module builds its schemas with. Importing it installs the shared
 * validation messages first, so a schema never checks a value with zod's own wording.
 *
 * This is the package's only module with a side effect (package.json `sideEffects`). The
 * constants, formats and rules a browser needs before it validates anything (money and date
 * formats, page sizes, the settings' defaults, report titles, call routes, barcode labels) live in
 * modules that do not import it, so a screen that only lists and shows data loads no zod at all.
 */
// In a browser, zod checks without compiled code: the app's Content-Security-Policy forbids `eval`,
// and zod's probe for it (a caught `new Function`) is still reported as a policy violation. The
// server keeps zod's faster compiled checks.
z.config({ customError: validationMessages, jitless: 'window' in globalThis });

export { z };
