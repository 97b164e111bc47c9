// Import boundaries (docs/ARCHITECTURE.md, "Boundaries"), checked by `npm run lint:deps` in `npm test`.
// There is no baseline of tolerated violations: any one fails.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cross-feature',
      comment:
        'A web feature does not import another feature: shared code moves down to components/ or lib/, app/ composes features.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'no-features-into-app',
      comment:
        'Features do not reach up into app/ (the router and providers compose them, not the other way).',
      severity: 'error',
      from: { path: '^apps/web/src/(features|components|lib)/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'server-calls-through-api',
      comment:
        "Every server call of the web app goes through a feature's api/ folder (or lib/ for the session and shared queries): screens, app/ and components/ never import the client lib/api.ts (or its uploads and downloads, lib/api-transfer.ts).",
      severity: 'error',
      from: {
        path: '^apps/web/src/(app|components|features/[^/]+)/',
        pathNot: '^apps/web/src/features/[^/]+/api/',
      },
      to: { path: '^apps/web/src/lib/api(-transfer)?[.]ts$' },
    },
    {
      name: 'no-packages-into-apps',
      comment: 'packages/* are shared below the apps and never import them.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-takes-only-the-coach-and-anchors-from-domain',
      comment:
        "The web runs two pieces of the domain in the browser, the review coach's rules (issue 34, item 2: hints as the reviewer types) and the anchors' positions (issue 34, item 3: the essay drawn, a selection mapped and checked as the server checks it); the engines and everything else of the domain stay on the server.",
      severity: 'error',
      from: { path: '^apps/web/src/' },
      to: {
        path: '^packages/domain/',
        pathNot: '^packages/domain/src/(review-coach/(review-coach|word-lists)|anchors/anchors)[.]ts$',
      },
    },
    {
      name: 'domain-is-pure',
      comment: 'The domain package is pure business logic: no I/O of any kind.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: {
        path: '(^node:|^(fs|net|http|https|http2|child_process|dgram|dns|tls|worker_threads|cluster)$|node_modules/(pg|@electric-sql|drizzle-orm|fastify|@fastify|nodemailer|exceljs|archiver)/)',
      },
    },
    {
      name: 'contract-needs-only-zod',
      comment: 'The contract holds schemas and shared rules: zod and its own files only.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'core'],
        pathNot: 'node_modules/zod/',
      },
    },
    {
      name: 'policies-are-pure',
      comment:
        'A server policy decides on what it is given (a membership, a user, rows): it imports only other policies, lib/errors and the shared packages, and no database, driver or loader (types aside).',
      severity: 'error',
      from: { path: '^apps/server/src/.+\\.policy\\.ts$' },
      to: {
        dependencyTypesNot: ['type-only'],
        pathNot:
          '(\\.policy\\.ts$|^apps/server/src/lib/errors\\.ts$|^packages/(contract|domain)/|node_modules/(@pw|zod)/)',
      },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(\\.test\\.tsx?$|/dist/|/scripts/|/test/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
