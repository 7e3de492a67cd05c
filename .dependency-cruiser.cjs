/**
 * The house's import boundaries (DESIGN.md, "Rules of the house"; docs/decisions.md, "The house"),
 * checked by `npm run lint` after Biome. Each rule names the line it keeps.
 *
 * A feature folder is private to itself: another feature reaches it only through its public entry,
 * `features/<name>/index.ts`. Shared server ground is `core/`, shared web ground is `ui/` (and `api/`).
 */
const server = '^apps/server/src/';
const web = '^apps/web/src/';

/** From a feature folder into another feature's files, other than its public entry. */
const crossFeature = (root) => ({
  from: { path: `${root}features/([^/]+)/` },
  to: {
    path: `${root}features/`,
    pathNot: [`${root}features/$1/`, `${root}features/[^/]+/index\\.tsx?$`],
  },
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-feature-private',
      severity: 'error',
      comment:
        "A server feature imports another feature only through its public entry (features/<name>/index.ts): call its service, don't reach into its files.",
      ...crossFeature(server),
    },
    {
      name: 'web-feature-private',
      severity: 'error',
      comment:
        'A web feature imports another feature only through its public entry (features/<name>/index.ts); what many features share belongs in ui/.',
      ...crossFeature(web),
    },
    {
      name: 'server-core-imports-no-feature',
      severity: 'error',
      comment: 'core/ is the shared ground of every feature: it imports no feature, no HTTP, no wiring.',
      from: { path: `${server}core/` },
      to: { path: `${server}(features|http|adapters)/|${server}(app|services|runtime|main)\\.ts$` },
    },
    {
      name: 'server-core-runs-no-query',
      severity: 'error',
      comment:
        'core/ is the kernel (caller, errors, scopes, transaction, uploaded file, ports): it runs no query. Queries live in the features (and db/).',
      from: { path: `${server}core/` },
      to: {
        path: `${server}db/(schema|connect)\\.ts$|(^|/)node_modules/drizzle-orm/|^drizzle-orm$`,
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'no-import-cycles',
      severity: 'error',
      comment:
        'No module reaches itself through its imports: each layer and feature stands on what is below it.',
      from: { path: '^(apps/[^/]+/src|packages/[^/]+/src)/' },
      to: { circular: true },
    },
    {
      name: 'server-http-imports-no-feature',
      severity: 'error',
      comment: 'http/ (envelope, errors, guards, forms) serves every feature and imports none of them.',
      from: { path: `${server}http/` },
      to: { path: `${server}features/|${server}(app|services|runtime|main)\\.ts$` },
    },
    {
      name: 'server-adapters-and-db-import-no-feature',
      severity: 'error',
      comment: 'Adapters and the database layer sit below the features: they import no feature and no HTTP.',
      from: { path: `${server}(adapters|db)/` },
      to: { path: `${server}(features|http)/|${server}(app|services|runtime|main)\\.ts$` },
    },
    {
      name: 'server-db-imports-no-adapter',
      severity: 'error',
      comment:
        'The database layer is the floor the adapters stand on (payments and mail read its tables): it imports none of them. Shared types live in core/.',
      from: { path: `${server}db/` },
      to: { path: `${server}adapters/` },
    },
    {
      name: 'server-features-import-no-wiring',
      severity: 'error',
      comment:
        'The wiring (app.ts, services.ts, runtime.ts, main.ts) imports the features, never the reverse.',
      from: { path: `${server}features/` },
      to: { path: `${server}(app|services|runtime|main)\\.ts$` },
    },
    {
      name: 'web-shared-imports-no-feature',
      severity: 'error',
      comment: 'ui/ and api/ are shared by every feature and import none of them.',
      from: { path: `${web}(ui|api)/` },
      to: { path: `${web}(features|app)/` },
    },
    {
      name: 'web-features-import-no-app',
      severity: 'error',
      comment: 'The app (router, shell, guards) stands above the features: a feature imports none of it.',
      from: { path: `${web}features/` },
      to: { path: `${web}app/` },
    },
    {
      name: 'web-app-uses-feature-entries',
      severity: 'error',
      comment:
        'The router and the shell load a feature through its area (features/<name>/*-area.ts, lazily) or its public entry (index.ts), never its private files.',
      from: { path: `${web}app/` },
      to: {
        path: `${web}features/`,
        pathNot: [`${web}features/[^/]+/index\\.tsx?$`, `${web}features/[^/]+/[^/]+-area\\.tsx?$`],
      },
    },
    {
      name: 'domain-imports-nothing-of-ours',
      severity: 'error',
      comment: 'packages/domain is pure and below everything: it imports no other package or app of ours.',
      from: { path: '^packages/domain/' },
      to: { path: '^(apps|packages/(?!domain/))' },
    },
    {
      name: 'menu-view-imports-only-domain',
      severity: 'error',
      comment: 'packages/menu-view draws menus for the server and the browser: it imports domain only.',
      from: { path: '^packages/menu-view/' },
      to: { path: '^(apps|packages/(?!(menu-view|domain)/))' },
    },
    {
      name: 'no-app-imports-another-app',
      severity: 'error',
      comment: 'The server and the web app share code through packages/, never by importing each other.',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API dependency-cruiser can use yet; swc reads the TypeScript.
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    // node_modules stay in the graph as leaves (doNotFollow), so a rule can name a package (drizzle-orm).
    exclude: { path: '(^|/)(dist|\\.vite)/' },
    moduleSystems: ['es6'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
