import { type ChildProcess, spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/connection';
import { schemaState } from '../src/db/migrate';
import { freePort, startProcess, stopProcess } from './processes';
import type { SigningKeys } from './signed-get';

/** The server as production runs it (decision 050): compiled, with plain node. */
const SERVER_MAIN = path.join(import.meta.dirname, '..', 'dist', 'main.js');
const BUILD_SERVER = path.join(import.meta.dirname, '..', '..', '..', 'scripts', 'build-server.mjs');
let built = false;

/** Compiles this tree's server once per bench run, so what is measured is what is checked out. */
function buildServerOnce(): void {
  if (built) return;
  const result = spawnSync(process.execPath, [BUILD_SERVER], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`building the server failed (exit ${result.status})`);
  built = true;
}

/** A catalogue to measure: the demo on a fresh PGlite, a PGlite directory, or PostgreSQL. */
export type DatabaseTarget =
  | { kind: 'demo'; label: string }
  | { kind: 'pglite'; label: string; dataDir: string }
  | { kind: 'postgres'; label: string; url: string };

export interface ServerSettings {
  keys: SigningKeys;
  /** CATALOGUE_CACHE_MS: 0 sends every read to the database. */
  cacheMs: number;
  /** false: SEARCH_CACHE_MS=0, every keyword search reaches the database. */
  searchCache: boolean;
  redisUrl?: string;
  /** OTLP endpoint the server sends its spans to (tracing on, decision 081); unset: off. */
  otlpEndpoint?: string;
}

/** One running server process and what can be read from it. */
export interface RunningServer {
  baseUrl: string;
  pid: number;
  /** Resident memory and its peak so far, in MB (from /proc; NaN where there is none). */
  memory(): Promise<{ rssMb: number; peakMb: number }>;
  /** Catalogue read-cache lookups so far (decision 011's counter). */
  cacheLookups(): Promise<{ hits: number; misses: number }>;
  stop(): Promise<void>;
}

/**
 * Where a target's data lives while it is measured. PGlite directories are copied first: the
 * server writes to its directory (nonces, its secrets, migrations) and only one process may open
 * one, so a copy leaves the original untouched and free for whoever else uses it. PostgreSQL is
 * used as it is, after checking the server will not migrate it.
 */
export async function prepareTarget(
  target: DatabaseTarget,
  allowMigrations: boolean,
): Promise<{ env: Record<string, string>; cleanup(): Promise<void> }> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'yingku-bench-'));
  const cleanup = () => rm(scratch, { recursive: true, force: true });
  if (target.kind === 'demo')
    return { env: { DATA_DIR: scratch, DEMO_DATA: 'true', DEMO_VIDEOS: 'false' }, cleanup };
  if (target.kind === 'pglite') {
    const copy = path.join(scratch, 'pglite');
    await cp(target.dataDir, copy, { recursive: true });
    return { env: { DATA_DIR: copy, DEMO_DATA: 'false' }, cleanup };
  }
  const pending = await pendingMigrations(target.url);
  if (pending.length > 0 && !allowMigrations) {
    await cleanup();
    throw new Error(
      `${target.label}: the server would apply ${pending.join(', ')} to it on start; ` +
        'run the bench from a tree whose migrations the database already has, or pass --allow-migrations',
    );
  }
  // On PostgreSQL the server only checks the schema unless told to migrate it (decision 072).
  const migrate = pending.length > 0 ? 'true' : 'false';
  return {
    env: { DATA_DIR: scratch, DEMO_DATA: 'false', DATABASE_URL: target.url, MIGRATE_ON_START: migrate },
    cleanup,
  };
}

/** Migrations in this tree that the database has not run (an unmigrated database: all of them). */
async function pendingMigrations(url: string): Promise<string[]> {
  const database = await openDatabase({ url });
  try {
    return (await schemaState(database.db)).missing;
  } finally {
    await database.close();
  }
}

/**
 * Starts the compiled server (dist/main.js, built first) on the prepared data with quiet logs,
 * fixed secrets and no stray settings.
 */
export async function startServer(
  dataEnv: Record<string, string>,
  settings: ServerSettings,
): Promise<RunningServer> {
  buildServerOnce();
  const port = await freePort();
  const child = await startProcess(
    SERVER_MAIN,
    {
      // Empty values count as unset: nothing from the caller's environment picks another database.
      DATABASE_URL: '',
      DATABASE_READ_URL: '',
      REDIS_URL: settings.redisUrl ?? '',
      REDIS_KEY_PREFIX: `yingku-bench-${process.pid}:`,
      METRICS_TOKEN: '',
      ...dataEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SIGN_SECRET: settings.keys.secret,
      APP_ID: settings.keys.appId,
      // Set, so the server writes no secret files of its own into the data directory.
      JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789abcdef',
      SANDBOX_PAY_KEY: 'bench-sandbox-pay-key-0123456789',
      CATALOGUE_CACHE_MS: String(settings.cacheMs),
      SEARCH_CACHE_MS: settings.searchCache ? '' : '0',
      // The feed scenarios' members register and log in through the API (feed-members.ts).
      CAPTCHA_ENABLED: 'false',
      // Tracing only when the run asks for it, whatever the caller's environment says.
      OTEL_EXPORTER_OTLP_ENDPOINT: settings.otlpEndpoint ?? '',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
      OTEL_SDK_DISABLED: '',
    },
    /is running at/,
    // A big PGlite copy or the demo catalogue's first load takes a while.
    600_000,
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    pid: child.pid!,
    memory: () => processMemory(child),
    cacheLookups: () => cacheLookups(baseUrl),
    stop: () => stopProcess(child),
  };
}

async function processMemory(child: ChildProcess): Promise<{ rssMb: number; peakMb: number }> {
  try {
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return { rssMb: Number.NaN, peakMb: Number.NaN };
  }
}

async function cacheLookups(baseUrl: string): Promise<{ hits: number; misses: number }> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const sum = (result: string) =>
    [
      ...text.matchAll(
        new RegExp(`^yingku_catalogue_cache_lookups_total\\{[^}]*result="${result}"[^}]*\\} (\\S+)`, 'gm'),
      ),
    ]
      .map((m) => Number(m[1]))
      .reduce((a, b) => a + b, 0);
  return { hits: sum('hit'), misses: sum('miss') };
}
