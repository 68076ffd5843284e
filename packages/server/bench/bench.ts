// `npm run bench`: the real server on each database given (or the demo catalogue), measured with
// signed requests at a fixed offered load and at saturation, next to a Fastify hello-world
// measured in the same run, on the same machine. A benchmark, not a test: it prints figures and
// writes them as JSON; it asserts nothing.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDice } from '../src/db/seed/demo-random';
import { drawPools, totalWorks } from './api-pools';
import { feedMembers } from './feed-members';
import { apiScenarios, HIT_LIST, revalidationScenario } from './api-scenarios';
import { type BenchOptions, parseBenchArgs, USAGE } from './bench-options';
import { firstPageJsGzip, firstPageTimes } from './first-page';
import { startOtlpSink } from './otlp-sink';
import { type DatabaseResult, databaseTable, ms, sideBySideTable, tracingTable } from './report';
import { helloWorldCeiling, KEYS } from './hello-world-ceiling';
import { progressLine, runScenario, settleServer } from './run-scenario';
import {
  type DatabaseTarget,
  prepareTarget,
  type RunningServer,
  type ServerSettings,
  startServer,
} from './server-under-test';
import { requestPath, signedHeaders } from './signed-get';
import { openCpuMeter } from './process-cpu';
import { openStatementStats, type StatementStats } from './statement-stats';

const HIT_CACHE_MS = 10_000;

/** Runs `scenarios` on `server`, printing a line after each. */
async function runAll(
  server: RunningServer,
  scenarios: ReturnType<typeof apiScenarios>,
  options: BenchOptions,
  stats: StatementStats | undefined,
  databaseUrl: string | undefined,
) {
  const results = [];
  await settleServer(server, scenarios, options, KEYS);
  const cpu = await openCpuMeter(server.pid, databaseUrl);
  try {
    for (const scenario of scenarios) {
      const result = await runScenario(server, scenario, options, KEYS, stats, cpu);
      console.log(progressLine(result, options.rate));
      results.push(result);
    }
  } finally {
    await cpu.close();
  }
  return results;
}

/** Runs `work` on a fresh server process over the prepared data, then stops it. */
async function withServer<T>(
  env: Record<string, string>,
  settings: ServerSettings,
  work: (server: RunningServer) => Promise<T>,
): Promise<{ value: T; peakMb: number }> {
  const server = await startServer(env, settings);
  try {
    const value = await work(server);
    return { value, peakMb: (await server.memory()).peakMb };
  } finally {
    await server.stop();
  }
}

/**
 * One database: the miss scenarios on a server whose read cache is off (unless --cache-on), so
 * each request is a database read; then the hit scenarios on a server with the cache as shipped.
 */
async function benchDatabase(
  target: DatabaseTarget,
  options: BenchOptions,
  first: boolean,
  otlpEndpoint?: string,
): Promise<DatabaseResult> {
  const loadBefore = os.loadavg()[0]!;
  const prepared = await prepareTarget(target, options.allowMigrations);
  const opened = target.kind === 'postgres' ? await openStatementStats(target.url) : undefined;
  const stats = opened && 'missing' in opened ? undefined : opened;
  if (opened && 'missing' in opened) {
    console.log(`${target.label}: no database time per request (pg_stat_statements: ${opened.missing})`);
  }
  const wanted = (name: string) => !options.scenarios || options.scenarios.test(name);
  const databaseUrl = target.kind === 'postgres' ? target.url : undefined;
  const settings = (cacheMs: number): ServerSettings => ({
    keys: KEYS,
    cacheMs,
    searchCache: options.searchCache,
    // PGlite is one process by nature: it keeps nonces itself, as it ships.
    ...(options.redisUrl && target.kind === 'postgres' ? { redisUrl: options.redisUrl } : {}),
    ...(otlpEndpoint ? { otlpEndpoint } : {}),
  });
  try {
    const miss = await withServer(
      prepared.env,
      settings(options.cacheOn ? HIT_CACHE_MS : 0),
      async (server) => {
        const pools = await drawPools(server.baseUrl, KEYS, createDice(7));
        console.log(
          `\n${target.label}: ${totalWorks(pools).toLocaleString('en-US')} works; pools of ${pools.works.length} ` +
            `works, ${pools.tags.length} tags, ${pools.performers.length} performers (load average ${loadBefore.toFixed(2)})`,
        );
        // Members with follows for the feed scenarios, made only when those run.
        const tokens = wanted('feed') ? await feedMembers(server.baseUrl, KEYS, pools, createDice(13)) : [];
        const scenarios = apiScenarios(pools, createDice(11), tokens).filter((s) => wanted(s.name));
        const misses = scenarios.filter((s) => s.kind === 'miss');
        return {
          works: totalWorks(pools),
          scenarios,
          results: await runAll(server, misses, options, stats, databaseUrl),
        };
      },
    );
    const hit = await withServer(prepared.env, settings(HIT_CACHE_MS), async (server) => {
      const hits = miss.value.scenarios.filter((s) => s.kind === 'hit');
      const revalidation = revalidationScenario(HIT_LIST, await currentEtag(server.baseUrl));
      if (wanted(revalidation.name)) hits.push(revalidation);
      const results = await runAll(server, hits, options, stats, databaseUrl);
      if (first && options.firstPage) await printFirstPage(server.baseUrl);
      return results;
    });
    return {
      label: otlpEndpoint ? `${target.label}, tracing on` : target.label,
      kind: target.kind,
      works: miss.value.works,
      peakMb: Math.max(miss.peakMb, hit.peakMb),
      loadAverage: [loadBefore, os.loadavg()[0]!],
      results: [...miss.value.results, ...hit.value],
    };
  } finally {
    await stats?.close();
    await prepared.cleanup();
  }
}

async function currentEtag(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}${requestPath(HIT_LIST)}`, { headers: signedHeaders(HIT_LIST, KEYS) });
  await res.arrayBuffer();
  const etag = res.headers.get('etag');
  if (!etag) throw new Error('the latest list came without an ETag');
  return etag;
}

async function printFirstPage(baseUrl: string) {
  const webDist = path.join(import.meta.dirname, '..', '..', 'web', 'dist');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    console.log('\nFirst page: no web build (npm run build first); not measured.');
    return;
  }
  const js = await firstPageJsGzip(webDist);
  console.log(`\nFirst page: ${js.files} JS file(s), ${(js.bytes / 1024).toFixed(1)} KiB gzip.`);
  const times = await firstPageTimes(baseUrl);
  if (!times) {
    console.log('First page: Chromium not found (apt-get install -y chromium); time not measured.');
    return;
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `First page: /index shows its first work in ${sorted[Math.floor(sorted.length / 2)]} ms ` +
      `(median of ${times.length} cold loads on a 390x844 phone viewport; runs: ${times.join(', ')} ms).`,
  );
}

async function main() {
  const options = parseBenchArgs(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const startedAt = new Date().toISOString();
  console.log(
    `${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(2)}; ` +
      `fixed load ${options.rate} req/s for ${options.fixedSeconds} s, saturation ${options.connections} ` +
      `connections for ${options.saturationSeconds} s; server and load generator share the machine.`,
  );
  const ceiling = await helloWorldCeiling(options);
  console.log(
    `Fastify hello-world: ${ceiling.plain.rps.toFixed(0)} req/s, ${ceiling.signed.rps.toFixed(0)} req/s ` +
      `with the client signing each request (the ceiling used below); at ${options.rate} req/s ` +
      `p50 ${ms(ceiling.fixed.p50)} ms, p99 ${ms(ceiling.fixed.p99)} ms (the floor of this client).`,
  );
  const databases: DatabaseResult[] = [];
  // --tracing: each database again with its spans sent to a sink on loopback (decision 081).
  const sink = options.tracing ? await startOtlpSink() : undefined;
  const runs = options.targets.flatMap((target, i) =>
    [undefined, sink?.endpoint].slice(0, sink ? 2 : 1).map((endpoint) => ({ target, i, endpoint })),
  );
  for (const { target, i, endpoint } of runs) {
    // One database that cannot be measured (refused, unreachable) does not end the others.
    const db = await benchDatabase(target, options, i === 0 && !endpoint, endpoint).catch(
      (error: unknown) => {
        console.error(
          `\n${target.label}: not measured: ${error instanceof Error ? error.message : String(error)}`,
        );
        process.exitCode = 1;
      },
    );
    if (!db) continue;
    databases.push(db);
    console.log(
      `\n${db.label}, ${db.works.toLocaleString('en-US')} works (server peak RSS ${db.peakMb.toFixed(0)} MB, ` +
        `load average ${db.loadAverage.map((l) => l.toFixed(2)).join(' → ')})`,
    );
    console.log(databaseTable(db, ceiling, options.rate));
  }
  if (sink) {
    const { exports, bytes } = await sink.received();
    console.log(
      `\nTracing off and on, at saturation as a share of hello-world; the sink took ${exports} exports, ${(bytes / 2 ** 20).toFixed(1)} MiB`,
    );
    console.log(tracingTable(databases, ceiling));
    await sink.close();
  } else if (databases.length > 1) {
    console.log(
      `\nSide by side: p99 (ms) at ${options.rate} req/s offered; hit rows: saturation req/s vs hello-world`,
    );
    console.log(sideBySideTable(databases, ceiling, options.rate));
  }
  const { targets, scenarios, jsonFile, ...settings } = options;
  const report = {
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      node: process.version,
      memoryGb: os.totalmem() / 2 ** 30,
    },
    settings: { ...settings, scenarios: scenarios?.source, targets: targets.map((t) => t.label) },
    ceiling,
    databases,
  };
  await mkdir(path.dirname(jsonFile), { recursive: true });
  await writeFile(jsonFile, JSON.stringify(report, null, 2));
  console.log(`\nResults: ${path.relative(process.cwd(), jsonFile)}`);
}

await main();
