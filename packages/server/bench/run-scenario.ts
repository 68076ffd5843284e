import type { ApiScenario } from './api-scenarios';
import type { BenchOptions } from './bench-options';
import { runFixedRate } from './fixed-rate';
import type { Ceiling, ScenarioResult } from './report';
import { runSaturation } from './saturation';
import type { RunningServer } from './server-under-test';
import type { ApiGet, SigningKeys } from './signed-get';
import type { CpuMeter } from './process-cpu';
import type { StatementStats } from './statement-stats';
import { hitRatio } from './stats';

/** How long a fresh server is loaded before anything on it is measured. */
const SETTLE_SECONDS = 5;

/**
 * Brings a fresh server to the state a server in service is in: `scenarios` in turn at the fixed
 * rate for {@link SETTLE_SECONDS}, not counted. Its first seconds under load are not its steady
 * state: V8 compiles the hot paths to its optimising tiers, and the first full collection after
 * start (what loading the code left behind, 10–12 ms at once) fell inside whichever scenario
 * came first and set its p99 (docs/benchmarks.md).
 */
export async function settleServer(
  server: RunningServer,
  scenarios: readonly ApiScenario[],
  options: BenchOptions,
  keys: SigningKeys,
): Promise<void> {
  if (scenarios.length === 0) return;
  let turn = 0;
  await runFixedRate({
    baseUrl: server.baseUrl,
    rate: options.rate,
    seconds: Math.min(SETTLE_SECONDS, options.fixedSeconds),
    connections: options.fixedConnections,
    next: () => scenarios[turn++ % scenarios.length]!.next(),
    keys,
  });
}

/**
 * One scenario against one server: a short warm-up at the fixed rate (not counted), the fixed
 * offered load, then saturation; the server's memory and read-cache hit share around them.
 */
export async function runScenario(
  server: RunningServer,
  scenario: ApiScenario,
  options: BenchOptions,
  keys: SigningKeys,
  stats?: StatementStats,
  cpu?: CpuMeter,
): Promise<ScenarioResult> {
  const fixed = (seconds: number) =>
    runFixedRate({
      baseUrl: server.baseUrl,
      rate: options.rate,
      seconds,
      connections: options.fixedConnections,
      next: scenario.next,
      keys,
    });
  const warmUp = await fixed(Math.min(1, options.fixedSeconds));
  if (warmUp.errors > 0 && warmUp.rps === 0) {
    throw new Error(`${scenario.name}: every warm-up request failed: ${warmUp.firstError}`);
  }
  const before = await server.cacheLookups();
  await stats?.reset();
  const cpuBefore = await cpu?.sample();
  const fixedRun = await fixed(options.fixedSeconds);
  const cpuAfter = await cpu?.sample();
  const dbMs = stats ? await stats.spentMs() : Number.NaN;
  const cpuMs =
    cpu && cpuBefore && cpuAfter
      ? cpu.perRequest(cpuBefore, cpuAfter, fixedRun.requests)
      : { appMs: Number.NaN, dbMs: Number.NaN };
  const result: ScenarioResult = {
    name: scenario.name,
    kind: scenario.kind,
    ...(scenario.targetMs === undefined ? {} : { targetMs: scenario.targetMs }),
    fixed: fixedRun,
    dbMsPerRequest: dbMs / fixedRun.requests,
    appCpuMsPerRequest: cpuMs.appMs,
    dbCpuMsPerRequest: cpuMs.dbMs,
    saturation: await runSaturation({
      baseUrl: server.baseUrl,
      connections: options.connections,
      seconds: options.saturationSeconds,
      next: scenario.next,
      keys,
    }),
    rssMb: (await server.memory()).rssMb,
    cacheHitRatio: hitRatio(before, await server.cacheLookups()),
  };
  return result;
}

/** What the ceiling's measurement takes from the bench's settings. */
export type CeilingSettings = Pick<
  BenchOptions,
  'connections' | 'saturationSeconds' | 'rate' | 'fixedSeconds' | 'fixedConnections'
>;

/**
 * The hello-world ceiling at saturation, with the same connections: plain, and with the client
 * signing every request as it does for the API (the signing costs the shared cores too); and
 * its latency at the fixed rate: the floor this client and machine can show.
 */
export async function measureCeiling(
  baseUrl: string,
  options: CeilingSettings,
  keys: SigningKeys,
): Promise<Ceiling> {
  const call: ApiGet = { path: '/v2/hello', query: { pageNum: '1', pageSize: '32', modName: 'censored' } };
  const next = () => call;
  const run = (signed: boolean) =>
    runSaturation({
      baseUrl,
      connections: options.connections,
      seconds: Math.max(options.saturationSeconds, 3),
      next,
      ...(signed ? { keys } : {}),
    });
  const plain = await run(false);
  const signed = await run(true);
  const { rate, fixedSeconds, fixedConnections: connections } = options;
  const fixed = await runFixedRate({ baseUrl, rate, seconds: fixedSeconds, connections, next, keys });
  return { plain, signed, fixed };
}

/** One progress line, so a long run shows where it is. */
export function progressLine(r: ScenarioResult, rate: number): string {
  const target = r.targetMs === undefined ? '' : ` (target ${r.targetMs})`;
  const served = r.fixed.rps < rate * 0.95 ? `, only ${r.fixed.rps.toFixed(0)}/s served` : '';
  const errors = r.fixed.errors + r.saturation.errors;
  const why = r.fixed.firstError ? `; first error: ${r.fixed.firstError}` : '';
  return (
    `  ${r.name}: p99 ${r.fixed.p99.toFixed(1)} ms at ${rate}/s${target}${served}; ` +
    `${r.saturation.rps.toFixed(0)} req/s at saturation${errors ? `; ${errors} errors${why}` : ''}`
  );
}
