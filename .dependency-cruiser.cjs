/** Layering rules from docs/architecture: domain <- contracts <- (server | web). */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'domain imports nothing of the project but itself',
      severity: 'error',
      from: { path: '^src/domain' },
      to: { path: '^src/(contracts|server|web)' },
    },
    {
      name: 'domain-has-no-io',
      comment: 'domain is pure TypeScript: no node built-ins, no packages',
      severity: 'error',
      from: { path: '^src/domain' },
      to: { dependencyTypes: ['core', 'npm', 'npm-dev', 'npm-peer', 'npm-optional'] },
    },
    {
      name: 'contracts-only-zod-and-domain',
      severity: 'error',
      from: { path: '^src/contracts' },
      to: { pathNot: ['^src/(contracts|domain)', 'zod'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'csv-shared-by-server-and-web',
      comment: 'the CSV layer (parser, row checks) runs in both, so it imports neither',
      severity: 'error',
      from: { path: '^src/csv' },
      to: { path: '^src/(server|web)' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^src/server' },
      to: { path: '^src/web' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      from: { path: '^src/web' },
      to: { path: '^src/server' },
    },
    {
      name: 'server-features-are-separate',
      comment: 'a server feature uses another only through its service file',
      severity: 'error',
      from: { path: '^src/server/features/([^/]+)/' },
      to: {
        path: '^src/server/features/([^/]+)/',
        pathNot: ['^src/server/features/$1/', '\\.service\\.ts$'],
      },
    },
    {
      name: 'web-features-are-separate',
      comment: 'a web feature uses another only through its index (public) file',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/([^/]+)/', pathNot: ['^src/web/features/$1/', '/index\\.tsx?$'] },
    },
    {
      name: 'web-app-uses-feature-index',
      comment: 'the shell (routes, layout) reaches a web feature only through its index file',
      severity: 'error',
      from: { path: '^src/web/app/' },
      to: { path: '^src/web/features/[^/]+/', pathNot: ['/index\\.tsx?$'] },
    },
    {
      name: 'web-shell-is-on-top',
      comment: 'features, components and lib never import the shell: the shell composes them',
      severity: 'error',
      from: { path: '^src/web/(features|components|lib)/' },
      to: { path: '^src/web/app/' },
    },
    {
      name: 'web-kits-know-no-feature',
      comment: 'components and lib are kits every feature uses, so they name none',
      severity: 'error',
      from: { path: '^src/web/(components|lib)/' },
      to: { path: '^src/web/features/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '\\.test\\.tsx?$' },
  },
};
