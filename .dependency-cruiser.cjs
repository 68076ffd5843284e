/**
 * The directions code may depend in (STYLE.md; decision 036), checked by `npm run lint:deps` within
 * `npm test`: a feature calls another feature's service, never its repo; shared code (the
 * server's db, http, lib and redis, the web's components, api and session) never imports a feature;
 * the contract imports neither app; and no module imports itself round a cycle.
 * The composition roots (the server's app.ts with app-services.ts and app-routes.ts, main.ts,
 * worker.ts, cli and demo seed, the web's app folder) wire features together and may import any
 * of them.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle makes load order matter and the pieces impossible to take apart.',
      severity: 'error',
      from: { path: '^packages/(server|web|contract)/src/' },
      to: { circular: true },
    },
    {
      name: 'no-foreign-repo',
      comment: "A feature calls another feature's service (or its exported model), never its repo.",
      severity: 'error',
      from: { path: '^packages/server/src/features/([^/]+)/' },
      to: {
        path: '^packages/server/src/features/[^/]+/.+[.]repo[.]ts$',
        pathNot: '^packages/server/src/features/$1/',
      },
    },
    {
      name: 'shared-server-code-imports-no-feature',
      comment:
        "The server's db, http, lib and redis folders serve every feature and belong to none. The demo " +
        "data (db/seed) is made through the features' own services, as staff would make it, and " +
        'tests may exercise shared code with a feature.',
      severity: 'error',
      from: {
        path: '^packages/server/src/(db|http|lib|redis)/',
        pathNot: '^packages/server/src/db/seed/|[.]test[.]ts$',
      },
      to: { path: '^packages/server/src/features/' },
    },
    {
      name: 'shared-web-code-imports-no-feature',
      comment: "The web's components, api and session folders serve every screen and belong to none.",
      severity: 'error',
      from: { path: '^packages/web/src/(components|api|session)/', pathNot: '[.]test[.]tsx?$' },
      to: { path: '^packages/web/src/features/' },
    },
    {
      name: 'opentelemetry-only-in-the-tracing-sdk',
      comment:
        'Without a collector nothing of OpenTelemetry loads (decision 081): its packages are ' +
        'imported by telemetry/tracing-sdk.ts alone (types may be named anywhere).',
      severity: 'error',
      from: { path: '^packages/server/src/', pathNot: '^packages/server/src/telemetry/tracing-sdk[.]ts$' },
      to: {
        path: '(^|/)node_modules/(@opentelemetry|@fastify/otel|import-in-the-middle|require-in-the-middle)/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'tracing-sdk-imported-lazily',
      comment:
        'telemetry/tracing.ts loads the SDK by a dynamic import, only when a collector is ' +
        'configured; a static import anywhere would load it in every process (decision 081).',
      severity: 'error',
      from: { path: '^packages/server/src/' },
      to: {
        path: '^packages/server/src/telemetry/tracing-sdk[.]ts$',
        dependencyTypesNot: ['dynamic-import', 'type-only'],
      },
    },
    {
      name: 'contract-imports-no-app',
      comment: 'The contract is shared by server and web: it imports neither.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^packages/(server|web)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules is listed (not followed), so rules can name packages: decision 081's.
    exclude: { path: '(^|/)(dist|dist-ssr|dist-test)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
