import path from 'node:path';
import { parseArgs } from 'node:util';
import type { DatabaseTarget } from './server-under-test';

export const USAGE = `usage: npm run bench -- [options]
  --database-url URL   PostgreSQL to measure (repeat it, or a comma list, for several sizes side by side)
  --data-dir DIR       a PGlite data directory to measure (repeatable; measured on a copy)
                       neither: the demo catalogue on a fresh PGlite
  --rate N             fixed offered load, requests/s (default 300)
  --duration S         seconds at the fixed load per scenario (default 10; --quick 3)
  --saturation S       seconds at saturation per scenario (default 5; --quick 2)
  --connections N      connections at saturation (default 50)
  --scenarios REGEX    only scenarios whose name matches
  --cache-on           keep the read cache on for the miss scenarios too (default: off, so
                       every one of their requests reaches the database)
  --no-search-cache    keyword searches skip their shared cache (SEARCH_CACHE_MS=0), to compare
  --redis-url URL      PostgreSQL servers keep nonces in Redis (as at scale), not in the database
  --allow-migrations   let the server migrate a PostgreSQL database that is behind this tree
  --json FILE          where the results go (default bench/results/api-<time>.json)
  --first-page         also the web app's first-page figures (needs npm run build first)
  --tracing            run each database twice, tracing off then on (spans sent over OTLP to a
                       sink on loopback), and print them side by side as shares of the ceiling
  --quick              short runs, to try the harness`;

export interface BenchOptions {
  targets: DatabaseTarget[];
  rate: number;
  fixedSeconds: number;
  saturationSeconds: number;
  connections: number;
  /** Most requests in flight during the fixed-rate run. */
  fixedConnections: number;
  scenarios?: RegExp;
  cacheOn: boolean;
  /** Keyword searches through their shared cache (the server's default). */
  searchCache: boolean;
  redisUrl?: string;
  allowMigrations: boolean;
  jsonFile: string;
  firstPage: boolean;
  /** Each database measured with tracing off and on (decision 081). */
  tracing: boolean;
  help: boolean;
}

/** Reads the command line; throws with a message naming a bad value. */
export function parseBenchArgs(argv: string[], now: Date = new Date()): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      'database-url': { type: 'string', multiple: true },
      'data-dir': { type: 'string', multiple: true },
      rate: { type: 'string', default: '300' },
      duration: { type: 'string' },
      saturation: { type: 'string' },
      connections: { type: 'string', default: '50' },
      scenarios: { type: 'string' },
      'cache-on': { type: 'boolean', default: false },
      'no-search-cache': { type: 'boolean', default: false },
      'redis-url': { type: 'string' },
      'allow-migrations': { type: 'boolean', default: false },
      json: { type: 'string' },
      'first-page': { type: 'boolean', default: false },
      tracing: { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const urls = (values['database-url'] ?? []).flatMap(splitList);
  const dirs = (values['data-dir'] ?? []).flatMap(splitList);
  const targets: DatabaseTarget[] = [
    ...urls.map((url) => ({ kind: 'postgres' as const, label: postgresLabel(url), url })),
    ...dirs.map((dir) => ({ kind: 'pglite' as const, label: `pglite:${path.basename(dir)}`, dataDir: dir })),
  ];
  if (targets.length === 0) targets.push({ kind: 'demo', label: 'demo (PGlite)' });
  const rate = positive('rate', values.rate);
  const stamp = now.toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const options: BenchOptions = {
    targets,
    rate,
    fixedSeconds: positive('duration', values.duration ?? (values.quick ? '3' : '10')),
    saturationSeconds: positive('saturation', values.saturation ?? (values.quick ? '2' : '5')),
    connections: positive('connections', values.connections),
    // Enough for the offered rate at half a second each (Little's law), at least 16.
    fixedConnections: Math.max(16, Math.ceil(rate / 2)),
    cacheOn: values['cache-on'],
    searchCache: !values['no-search-cache'],
    allowMigrations: values['allow-migrations'],
    jsonFile: values.json ?? path.join(import.meta.dirname, 'results', `api-${stamp}.json`),
    firstPage: values['first-page'],
    tracing: values.tracing,
    help: values.help,
  };
  if (values.scenarios) options.scenarios = new RegExp(values.scenarios);
  if (values['redis-url']) options.redisUrl = values['redis-url'];
  return options;
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** `postgres://u@h:5432/yingku_bench_1m` → `pg:yingku_bench_1m`. */
export function postgresLabel(url: string): string {
  try {
    return `pg:${new URL(url).pathname.slice(1) || 'postgres'}`;
  } catch {
    throw new Error(`--database-url: not a URL: ${url}`);
  }
}

function positive(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name}: expected a positive number, got ${value}`);
  return n;
}
