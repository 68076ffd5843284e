// `npm run bench:queries -- --database-url postgres://…` (or DATABASE_URL, or --data-dir for
// PGlite): single-connection latency of every catalogue read the scale issue names, through the
// catalogue service with no read cache, over parameters drawn from the database itself.
import { writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../src/db/connection';
import { createDice } from '../../src/db/seed/demo-random';
import { createCatalogueRepo } from '../../src/features/catalogue/catalogue.repo';
import { createCatalogueService } from '../../src/features/catalogue/catalogue.service';
import { drawSamples } from './query-samples.repo';
import { allScenarios } from './query-scenarios';

const USAGE = `usage: npm run bench:queries -- [--database-url URL | --data-dir DIR] [--iterations N] [--warmup N]
    [--only REGEX] [--json FILE] [--seed N] [--slowest]
  PostgreSQL from --database-url or DATABASE_URL; else PGlite in --data-dir (or DATA_DIR).
  Prints p50/p99/max per scenario (ms, one connection, read cache off) next to its target;
  --slowest also the parameters of the slowest call where p99 is above a quarter of the target.`;

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

const database = await openDatabase({ url, dataDir, poolSize: 1 });
try {
  const samples = await drawSamples(database.db, 60);
  const service = createCatalogueService(createCatalogueRepo(database), () => samples.today);
  const dice = createDice(Number(args.seed));
  const scenarios = allScenarios(service, samples, dice).filter((s) => !only || only.test(s.name));
  const where = url ? new URL(url).pathname.slice(1) : dataDir;
  console.log(`${database.kind} ${where}, today ${samples.today}, ${iterations} calls per scenario`);
  console.log(
    `${'scenario'.padEnd(28)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}  target`,
  );

  const results: Array<{ name: string; p50: number; p99: number; max: number; targetMs: number }> = [];
  // Every scenario warms up before any is measured: the first ones would otherwise pay for
  // the pages the later ones share (PGlite starts with an empty cache).
  for (const scenario of scenarios) {
    for (let i = 0; i < warmup; i++) await scenario.next().run();
  }
  for (const scenario of scenarios) {
    const times: number[] = [];
    let slowest = { ms: 0, label: '' };
    for (let i = 0; i < iterations; i++) {
      const call = scenario.next();
      const started = performance.now();
      await call.run();
      const ms = performance.now() - started;
      times.push(ms);
      if (ms > slowest.ms) slowest = { ms, label: call.label };
    }
    times.sort((a, b) => a - b);
    const result = {
      name: scenario.name,
      p50: quantile(times, 0.5),
      p99: quantile(times, 0.99),
      max: times.at(-1)!,
      targetMs: scenario.targetMs,
    };
    results.push(result);
    const mark = result.p99 <= scenario.targetMs / 4 ? '' : result.p99 <= scenario.targetMs ? ' ~' : ' !';
    console.log(
      `${scenario.name.padEnd(28)} ${result.p50.toFixed(1).padStart(7)} ${result.p99.toFixed(1).padStart(7)} ` +
        `${result.max.toFixed(1).padStart(7)}  ${scenario.targetMs}${mark}`,
    );
    if (args.slowest && mark) console.log(`    slowest: ${slowest.label}`);
  }
  if (args.json) {
    await writeFile(args.json, JSON.stringify({ kind: database.kind, where, iterations, results }, null, 2));
  }
  console.log(`(~: p99 above a quarter of the target, the single-connection aim; !: above the target)`);
} finally {
  await database.close();
}
