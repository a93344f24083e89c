/**
 * The import rules of the codebase, checked by dependency-cruiser on every `npm run lint`
 * (tools/dependency-check/check.mjs; docs/architecture.md, "Dependency rules"). Besides these
 * file rules, check.mjs finds cycles between module folders and between web features.
 */
const server = '^apps/server/src/';
const web = '^apps/web/src/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Two files that import each other, directly or through others.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-lib-below-modules',
      comment: "lib/ is the server's shared toolbox: it knows no area, plugin or app.",
      severity: 'error',
      from: { path: `${server}lib/` },
      to: { path: `${server}(modules|plugins)/|${server}(app|server|main)\\.ts$` },
    },
    {
      name: 'server-db-below-modules',
      comment: 'The schema and the database client know no area (the demo data, db/seed, may use them).',
      severity: 'error',
      from: { path: `${server}db/`, pathNot: `${server}db/seed/` },
      to: { path: `${server}(modules|plugins|lib)/` },
    },
    {
      name: 'server-modules-below-plugins',
      comment: 'An area never reaches into the app or its plugins.',
      severity: 'error',
      from: { path: `${server}modules/` },
      to: { path: `${server}plugins/|${server}(app|server|main)\\.ts$` },
    },
    {
      name: 'repositories-know-no-http',
      comment: 'A repository answers rows or streams; what goes on the wire is decided above it.',
      severity: 'error',
      from: { path: `${server}.+\\.repository\\.ts$` },
      to: { path: 'node_modules/(fastify|@fastify)/' },
    },
    {
      name: 'sql-only-in-repositories',
      comment:
        'Queries are built in repositories (and the shared data helpers of lib/ and db/); services, routes and renderers call them.',
      severity: 'error',
      from: {
        path: `${server}modules/`,
        pathNot: '\\.repository\\.ts$',
      },
      to: { path: 'node_modules/drizzle-orm/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-shared-below-features',
      comment: 'components/ and lib/ serve every feature and know none of them, nor the app shell.',
      severity: 'error',
      from: { path: `${web}(components|lib)/` },
      to: { path: `${web}(features|app)/` },
    },
    {
      name: 'web-features-below-app',
      comment: 'A feature never imports the app shell (its router, menu, layout).',
      severity: 'error',
      from: { path: `${web}features/` },
      to: { path: `${web}app/` },
    },
    {
      name: 'web-knows-no-server',
      comment: 'The web app and the server meet only in @wd/contracts.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-knows-no-web',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests, their kits and the bench are checked by the type checker, not held to the layers.
    exclude: {
      path: '(/dist/|\\.test\\.tsx?$|-test-kit\\.ts$|^apps/server/test/|^apps/server/bench/|^apps/web/test/)',
    },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
  },
};
