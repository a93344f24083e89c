import type { Call } from '../common/call.js';
import * as tables from './index.js';

/** The tables of calls by their export name (`invoiceCalls` …), in name order. */
function callTables(): [string, Record<string, Call>][] {
  return Object.entries(tables)
    .filter(([name, value]) => name.endsWith('Calls') && typeof value === 'object' && value !== null)
    .sort(([a], [b]) => a.localeCompare(b)) as [string, Record<string, Call>][];
}

/** One call's route as source text: what a client needs to make it, typed by the call itself. */
function routeText(table: string, name: string, call: Call): string {
  const fields = [
    `method: '${call.method}'`,
    `path: '${call.path}'`,
    `auth: '${call.auth}'`,
    `reads: ${call.reads}`,
    ...(call.multipart
      ? [
          `multipart: ${JSON.stringify(call.multipart)
            .replace(/"([a-zA-Z]+)":/g, '$1: ')
            .replaceAll('"', "'")}`,
        ]
      : []),
  ];
  return `    ${name}: { ${fields.join(', ')} } as CallRoute<(typeof ${table})['${name}']>,`;
}

/**
 * The text of calls/routes.ts: every table of calls as routes (method, path, auth, reads,
 * multipart), without the schemas. `npm run calls:routes` writes it; a unit test checks it is
 * current.
 */
export function renderCallRoutes(): string {
  const list = callTables();
  const lines = [
    '// Written by `npm run calls:routes` from the table of calls (calls/routes-render.ts); edit the',
    '// calls, not this file. A unit test fails when it is out of date.',
    `import type { CallRoute } from '../common/call.js';`,
    `import type {\n${list.map(([table]) => `  ${table},`).join('\n')}\n} from './index.js';`,
    '',
    '/**',
    ' * Every call as a route: what a client needs to make it (method, path, auth, whether it changes',
    " * anything, multipart parts), typed by the call, without the call's schemas. The web app's",
    ' * start-up makes its calls through these, so a first screen does not build (or download) the',
    ' * schemas of every call its frame can make.',
    ' */',
    'export const callRoutes = {',
    ...list.flatMap(([table, calls]) => [
      `  ${table}: {`,
      ...Object.entries(calls).map(([name, call]) => routeText(table, name, call)),
      '  },',
    ]),
    '};',
    '',
  ];
  return lines.join('\n');
}
