// Writes src/calls/routes.ts from the table of calls (see src/calls/routes-render.ts).
import { writeFileSync } from 'node:fs';
import { renderCallRoutes } from '../src/calls/routes-render.js';

writeFileSync(new URL('../src/calls/routes.ts', import.meta.url), renderCallRoutes());
