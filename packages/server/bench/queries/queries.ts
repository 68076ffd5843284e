// `npm run bench:queries -- --database-url postgres://…` (or DATABASE_URL, or --data-dir for
// PGlite): single-connection latency of every catalogue read the scale issue names, through the
// catalogue service with no read cache, over parameters drawn from the database itself.
import { writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../src/db/connection';
import { helloWorldCeiling } from '../hello-world-ceiling';
import { openStatementStats } from '../statement-stats';
import { createDice } from '../../src/db/seed/demo-random';
import { createCatalogueService } from '../../src/features/catalogue/catalogue.service';
import { drawSamples } from './query-samples.repo';
import { allScenarios } from './query-scenarios';

const USAGE = `usage: npm run bench:queries -- [--database-url URL | --data-dir DIR] [--iterations N] [--warmup N]
    [--only REGEX] [--json FILE] [--seed N] [--slowest] [--no-ceiling]
  PostgreSQL from --database-url or DATABASE_URL; else PGlite in --data-dir (or DATA_DIR).
  Prints p50/p99/max per scenario (ms, one connection, read cache off) next to its target; the
  calls a second one connection makes as a share of a signed Fastify hello-world's ceiling on
  this machine (measured first; --no-ceiling skips it); and on PostgreSQL with pg_stat_statements
  the database's own time per call (execution; planning too with track_planning on). --slowest
  also prints the parameters of the slowest call where p99 is above a quarter of the target.`;

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    iterations: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '10' },
    only: { type: 'string' },
    json: { type: 'string' },
    seed: { type: 'string', default: '7' },
    slowest: { type: 'boolean', default: false },
    'no-ceiling': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const url = args['database-url'] ?? process.env.DATABASE_URL;
const dataDir = args['data-dir'] ?? process.env.DATA_DIR;
if (!url && !dataDir) {
  console.error(`bench:queries: no database given\n${USAGE}`);
  process.exit(2);
}
const iterations = Number(args.iterations);
const warmup = Number(args.warmup);
const only = args.only ? new RegExp(args.only) : undefined;

/** The value below which `q` of the sorted samples lie (nearest rank). */
function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/**
 * A signed hello-world's cost in ms: what the share column divides by. Measured before the
 * database is opened, so nothing else runs beside it.
 */
async function helloMs(): Promise<number | undefined> {
  if (args['no-ceiling']) return undefined;
  const ceiling = await helloWorldCeiling({
    connections: 50,
    saturationSeconds: 3,
    rate: 300,
    fixedSeconds: 1,
    fixedConnections: 150,
  });
  console.log(`signed Fastify hello-world: ${ceiling.signed.rps.toFixed(0)} req/s`);
  return 1000 / ceiling.signed.rps;
}

const helloCostMs = await helloMs();
const database = await openDatabase({ url, dataDir, poolSize: 1 });
const stats = url ? await openStatementStats(url) : undefined;
if (stats && 'missing' in stats) console.log(`no database time per call: ${stats.missing}`);
const statements = stats && !('missing' in stats) ? stats : undefined;
try {
  const samples = await drawSamples(database.db, 60);
  const service = createCatalogueService({ database, today: () => samples.today });
  const dice = createDice(Number(args.seed));
  const scenarios = allScenarios(service, samples, dice).filter((s) => !only || only.test(s.name));
  const where = url ? new URL(url).pathname.slice(1) : dataDir;
  console.log(`${database.kind} ${where}, today ${samples.today}, ${iterations} calls per scenario`);
  console.log(
    `${'scenario'.padEnd(28)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)} ` +
      `${'of hello'.padStart(8)} ${'db ms'.padStart(6)}  target`,
  );

  const results: Array<{
    name: string;
    p50: number;
    p99: number;
    max: number;
    targetMs: number;
    shareOfHello: number | null;
    dbMsPerCall: number | null;
  }> = [];
  // Every scenario warms up before any is measured: the first ones would otherwise pay for
  // the pages the later ones share (PGlite starts with an empty cache).
  for (const scenario of scenarios) {
    for (let i = 0; i < warmup; i++) await scenario.next().run();
  }
  for (const scenario of scenarios) {
    const times: number[] = [];
    let slowest = { ms: 0, label: '' };
    await statements?.reset();
    for (let i = 0; i < iterations; i++) {
      const call = scenario.next();
      const started = performance.now();
      await call.run();
      const ms = performance.now() - started;
      times.push(ms);
      if (ms > slowest.ms) slowest = { ms, label: call.label };
    }
    const dbMsPerCall = statements ? (await statements.spentMs()) / iterations : null;
    const meanMs = times.reduce((sum, t) => sum + t, 0) / times.length;
    times.sort((a, b) => a - b);
    const result = {
      name: scenario.name,
      p50: quantile(times, 0.5),
      p99: quantile(times, 0.99),
      max: times.at(-1)!,
      targetMs: scenario.targetMs,
      // One connection's calls a second over the ceiling's requests a second.
      shareOfHello: helloCostMs === undefined ? null : helloCostMs / meanMs,
      dbMsPerCall,
    };
    results.push(result);
    const mark = result.p99 <= scenario.targetMs / 4 ? '' : result.p99 <= scenario.targetMs ? ' ~' : ' !';
    const share = result.shareOfHello === null ? '—' : `${(result.shareOfHello * 100).toFixed(1)}%`;
    const db = dbMsPerCall === null ? '—' : dbMsPerCall.toFixed(2);
    console.log(
      `${scenario.name.padEnd(28)} ${result.p50.toFixed(1).padStart(7)} ${result.p99.toFixed(1).padStart(7)} ` +
        `${result.max.toFixed(1).padStart(7)} ${share.padStart(8)} ${db.padStart(6)}  ${scenario.targetMs}${mark}`,
    );
    if (args.slowest && mark) console.log(`    slowest: ${slowest.label}`);
  }
  if (args.json) {
    await writeFile(
      args.json,
      JSON.stringify({ kind: database.kind, where, iterations, helloCostMs, results }, null, 2),
    );
  }
  console.log(`(~: p99 above a quarter of the target, the single-connection aim; !: above the target)`);
  console.log(
    '(of hello: the calls a second one connection makes, over the signed hello-world ceiling; ' +
      "db ms: the statements' execution per call, and planning where pg_stat_statements.track_planning " +
      'is on, from pg_stat_statements)',
  );
} finally {
  await statements?.close();
  await database.close();
}
