// Who may import whom, checked by `npm run lint` (scripts/check-boundaries.mjs runs it with this
// configuration; `npx depcruise apps packages sdks/typescript` runs it alone). ARCHITECTURE.md,
// "Boundaries", gives the reasons. Paths are relative to the repository root.
// Tests may reach into a module to check one piece of it: the module rules leave test files out.

/** The folder the shop's features share: the one place two web features may both import. */
const SHOP_SHARED = '^apps/web/src/features/(shop-shared|shop/shared)/';
/**
 * A web feature's folder: `features/<f>/`, and inside `features/shop/` each sub-folder is a feature of
 * its own (`features/shop/<f>/`), so that the shop's features cannot lean on each other either.
 */
const FEATURE = '^apps/web/src/features/(shop/[^/]+|[^/]+)/';
const MODULE = '^apps/api/src/modules/[^/]+/';
const MODULE_INDEX = '^apps/api/src/modules/[^/]+/index\\.(ts|mts|js)$';
const REPOSITORY = '^apps/api/src/modules/[^/]+/.*[.]repository[.]ts$';
const TEST = '(\\.test\\.tsx?$|^apps/api/test/|/testing/|/test/)';
const DOMAIN_SOURCE = '^packages/domain/src/';
/**
 * What sits above the API's modules: the composition root (app.ts, worker.ts, main.ts, cli.ts) and the
 * use cases that span several modules (workflows/).
 */
const ABOVE_MODULES = '^apps/api/src/(workflows/|(app|worker|main|cli)\\.ts$)';
/** The outbox/events module, which stores what its callers build and depends on no business module. */
const OUTBOX = '^apps/api/src/modules/outbox/';
/** What the domain package may import besides itself: zod, resolved or not (a tree without node_modules). */
const ZOD = '(^|/node_modules/)zod(/|$)';
const FASTIFY_OR_BROWSER =
  '(^|/node_modules/)(fastify|@fastify/|react|react-dom|preact|@preact/|react-router|@tanstack/)|^apps/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle-in-package',
      comment: 'No import cycle inside a package (type-only imports count: they tie the files together too).',
      severity: 'error',
      from: { path: '^(apps/(api|web|widget|sandbox-bank)|packages/domain|sdks/typescript)/' },
      to: { circular: true },
    },
    // No cycle between the API's modules taken as wholes: scripts/boundaries/imports.mjs
    // (moduleCycles), since dependency-cruiser finds cycles between files or folders only.
    {
      name: 'repository-from-another-module',
      comment: "A module's repository is imported only from its own module.",
      severity: 'error',
      from: { path: '^apps/api/src/modules/([^/]+)/', pathNot: TEST },
      to: { path: REPOSITORY, pathNot: '^apps/api/src/modules/$1/' },
    },
    {
      name: 'repository-from-outside-modules',
      comment: "Nothing outside a module (plugins, app, worker, shared, db) imports a module's repository.",
      severity: 'error',
      from: { path: '^apps/api/', pathNot: [MODULE, TEST] },
      to: { path: REPOSITORY },
    },
    {
      name: 'module-only-through-index',
      comment:
        "Outside apps/api/src/modules/<m>/ nothing imports the module's files but its index.ts " +
        '(repositories have rules of their own above).',
      severity: 'error',
      from: { path: '^apps/api/src/modules/([^/]+)/', pathNot: TEST },
      to: { path: MODULE, pathNot: ['^apps/api/src/modules/$1/', MODULE_INDEX, REPOSITORY] },
    },
    {
      name: 'module-only-through-index-from-outside',
      comment: 'Plugins, the app, the worker, shared/ and db/ reach a module through its index.ts only.',
      severity: 'error',
      from: { path: '^apps/api/', pathNot: [MODULE, TEST] },
      to: { path: MODULE, pathNot: [MODULE_INDEX, REPOSITORY] },
    },
    {
      name: 'module-not-above-modules',
      comment:
        'A module never imports what is built on top of the modules: the composition root or a workflow ' +
        '(a use case spanning modules calls them, not the other way round).',
      severity: 'error',
      from: { path: '^apps/api/src/modules/', pathNot: TEST },
      to: { path: ABOVE_MODULES },
    },
    {
      name: 'outbox-on-no-module',
      comment: 'The outbox module depends on no business module: callers hand it the bodies they built.',
      severity: 'error',
      from: { path: OUTBOX, pathNot: TEST },
      to: { path: '^apps/api/src/modules/', pathNot: OUTBOX },
    },
    {
      name: 'domain-no-node',
      comment: 'packages/domain runs in the browser too: no Node built-in (node:fs, fs, path, …).',
      severity: 'error',
      from: { path: DOMAIN_SOURCE, pathNot: TEST },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'domain-no-fastify-or-browser',
      comment: 'packages/domain holds pure rules: no Fastify, no React/Preact or other browser code, no app.',
      severity: 'error',
      from: { path: DOMAIN_SOURCE, pathNot: TEST },
      to: { path: FASTIFY_OR_BROWSER },
    },
    {
      name: 'domain-only-itself-and-zod',
      comment: 'packages/domain imports its own files and zod, nothing else.',
      severity: 'error',
      from: { path: DOMAIN_SOURCE, pathNot: TEST },
      to: {
        pathNot: ['^packages/domain/', ZOD, FASTIFY_OR_BROWSER],
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'web-feature-not-other-feature',
      comment:
        'A web feature imports no other feature: what two features share goes to shared/ (or, for the ' +
        "shop's features, to the shop's shared folder, SHOP_SHARED above).",
      severity: 'error',
      from: { path: FEATURE },
      to: { path: '^apps/web/src/features/', pathNot: ['^apps/web/src/features/$1/', SHOP_SHARED] },
    },
    {
      name: 'web-feature-not-app',
      comment: 'app/ puts the features together; a feature never imports app/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-shared-not-features',
      comment: 'shared/ is below the features: it imports no feature and not app/.',
      severity: 'error',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-not-api',
      comment:
        "The web app talks to the API over HTTP (shared/api, the SDK's types), never through its source.",
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/|(^|/node_modules/)@b2bpay/api(/|$)' },
    },
    {
      name: 'widget-on-its-own',
      comment: 'The widget is built and shipped alone: nothing from the web app or the API.',
      severity: 'error',
      from: { path: '^apps/widget/' },
      to: { path: '^apps/(web|api)/|(^|/node_modules/)@b2bpay/(web|api)(/|$)' },
    },
    {
      name: 'sandbox-bank-outside',
      comment:
        'The sandbox banks are an outside system: they speak to the API over HTTP and import none of it.',
      severity: 'error',
      from: { path: '^apps/sandbox-bank/' },
      to: { path: '^apps/(web|api|widget)/|(^|/node_modules/)@b2bpay/(web|api|widget)(/|$)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data|coverage)/|\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    preserveSymlinks: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
