import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import type { DB } from './schema';

export interface Database {
  db: Kysely<DB>;
  /**
   * The same database for reads whose best plan is the same whatever their values (the search
   * box's, say): on PostgreSQL through connections of their own that prepare each statement once
   * and plan it once for any values (a generic plan; {@link PreparingClient}), so a statement is
   * not planned again at every call. The values are unknown to that plan: a LIKE pattern or
   * range whose width decides the plan has no place here. On PGlite, the same one session as
   * `db`, its statements prepared by name ({@link namingPool}).
   */
  prepared: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data directory as an uncompressed tarball, for `loadDataDir`. */
  dumpDataDir?(): Promise<Blob>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite runs embedded. */
  url?: string | undefined;
  /** PGlite data directory, or `memory://` for a throwaway in-memory database. */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * PGlite only: a data directory dumped by `dumpDataDir()` to start from instead of an empty
   * cluster (tests copy one migrated, or seeded, database rather than building it per file).
   */
  loadDataDir?: Blob | undefined;
}

const PG_TYPE = { int8: 20, date: 1082 } as const;
/** SQLSTATE of a connection ended by the server's administrator (shutdown, DROP … FORCE). */
const ADMIN_SHUTDOWN = '57P01';
/**
 * How long a request waits for a free connection of the pool before it is answered 503: with a
 * lock held or a slow replica, requests fail fast instead of queueing behind the pool for as
 * long as the statement timeout.
 */
export const ACQUIRE_TIMEOUT_MS = 3_000;
/** pg-pool's message when no connection came within `connectionTimeoutMillis`. */
const ACQUIRE_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

/**
 * Type parsers for this pool only (no global pg state): int8 stays a string, so 64-bit ids never
 * lose digits; `date` stays `YYYY-MM-DD`, so no time zone can shift it.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_TYPE.int8 || oid === PG_TYPE.date) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/**
 * A connection the server ends (a restart, a failover, a network reset, a terminated backend)
 * emits 'error' on its client; without a listener Node treats it as uncaught and the process
 * exits. The pool listens only while a client is idle, so every client gets its own listener
 * for the time it is checked out — inside a transaction, say. The query in flight fails (the
 * request gets a 503, see {@link isConnectionFailure}) and the pool drops the client on release
 * and opens a new one when next needed.
 */
function listenForLostConnections(pool: pg.Pool): void {
  const report = (error: Error) => {
    if ((error as { code?: string }).code !== ADMIN_SHUTDOWN) {
      console.warn(`PostgreSQL connection lost: ${error.message}`);
    }
  };
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', () => undefined));
}

/**
 * Whether an error says the database could not be reached rather than that a statement was
 * wrong: a lost or refused connection, a backend ended by the server, or no free connection in
 * the pool within {@link ACQUIRE_TIMEOUT_MS}. Such a request is answered 503 (try again).
 */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // Class 08: connection exception; 57P01–57P03: the server is shutting down or starting.
    if (/^08...$|^57P0[123]$/.test(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND'].includes(code)) return true;
  }
  return (
    error.message === ACQUIRE_TIMEOUT_MESSAGE ||
    /^Connection terminated( unexpectedly)?$|^Client (has encountered a connection error|was closed)/.test(
      error.message,
    )
  );
}

/** Statements one connection keeps prepared, at most: their texts are a handful of shapes. */
const MAX_PREPARED = 256;

/** Texts named so far, so a text is hashed once per process (each connection keeps its own `names`). */
const TEXT_NAMES = new Map<string, string>();

/** A hash of the text, the same every time; each text's hashed once (up to a bound). */
function nameOfText(text: string): string {
  let name = TEXT_NAMES.get(text);
  if (name === undefined) {
    name = `yk_${createHash('sha256').update(text).digest('base64url').slice(0, 40)}`;
    if (TEXT_NAMES.size < MAX_PREPARED * 4) TEXT_NAMES.set(text, name);
  }
  return name;
}

/**
 * The name a statement's text is prepared under on a connection that keeps `names`: a hash of
 * the text, the same every time. Past {@link MAX_PREPARED} texts (a statement whose text holds
 * values, a bug) none, and the rest run unnamed, planned at every call, rather than filling the
 * server's memory.
 */
function preparedName(text: string, names: Set<string>): string | undefined {
  const name = nameOfText(text);
  if (!names.has(name) && names.size >= MAX_PREPARED) return undefined;
  names.add(name);
  return name;
}

/**
 * A connection that prepares each statement of text and values by name the first time
 * ({@link preparedName}), then only binds and runs it: PostgreSQL parses and plans it once per
 * connection.
 */
class PreparingClient extends pg.Client {
  readonly #names = new Set<string>();

  // Kysely calls query(text, values); pg's other overloads pass through unchanged.
  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && args.length === 2) {
      const name = preparedName(text, this.#names);
      if (name) return super.query({ name, text, values }) as never;
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/**
 * PGlite's `prepared`: the pool of its one session, whose statements go by name
 * ({@link preparedName}), so PGlite plans each once where it planned it at every call (two
 * thirds of a work detail's time). The session keeps them, and node-postgres remembers which it
 * parsed on the session's one connection object, which outlives the pool's clients. A
 * transaction holds the pool's only client, so a statement waits for it like any other and
 * never runs inside another request's transaction. The session's `plan_cache_mode` stays
 * PostgreSQL's default, `auto`: `db`'s unnamed statements are planned at every call as before,
 * and a named one keeps a generic plan once its first five custom plans cost no less.
 */
function namingPool(pool: pg.Pool): PostgresPool {
  const names = new Set<string>();
  return {
    async connect() {
      const client = await pool.connect();
      const query = (text: unknown, values?: unknown) => {
        const name =
          typeof text === 'string' && Array.isArray(values) ? preparedName(text, names) : undefined;
        return name
          ? client.query({ name, text: text as string, values: values as unknown[] })
          : client.query(text as never, values as never);
      };
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    // The pool is `db`'s, which ends it.
    end: async () => undefined,
  };
}

/** Opens PostgreSQL when a URL is given, else PGlite: one dialect, one driver (node-postgres). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const poolSize = options.poolSize ?? 10;
    const openPool = (max: number, planCacheMode: string, Client?: typeof pg.Client) => {
      const pool = new pg.Pool({
        connectionString: options.url,
        max,
        connectionTimeoutMillis: ACQUIRE_TIMEOUT_MS,
        types,
        ...(Client ? { Client } : {}),
        // A runaway query must not hold a connection forever. Every API query reads a few index
        // pages: JIT compiling (10–20 ms) and parallel workers (started per query) only cost
        // time there, and take the cores the other requests need.
        options:
          `-c statement_timeout=10000 -c plan_cache_mode=${planCacheMode} -c TimeZone=UTC ` +
          '-c jit=off -c max_parallel_workers_per_gather=0',
      });
      listenForLostConnections(pool);
      return pool;
    };
    // Custom plans suit skewed keywords; `prepared`'s statements plan once (decision 049).
    const pool = openPool(poolSize, 'force_custom_plan');
    const preparedPool = openPool(Math.ceil(poolSize / 2), 'force_generic_plan', PreparingClient);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const prepared = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparedPool }) });
    return {
      db,
      prepared,
      kind: 'postgres',
      close: async () => {
        await Promise.all([db.destroy(), prepared.destroy()]);
      },
    };
  }

  const dataDir = options.dataDir ?? 'memory://';
  let lock: { release(): void } | undefined;
  if (!dataDir.startsWith('memory://')) {
    await mkdir(dataDir, { recursive: true });
    lock = lockDataDir(dataDir);
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dataDir, {
      extensions: { pg_trgm },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  await pglite.exec(`SET TimeZone = 'UTC'`);
  const pool = new pg.Pool({ ...createPgConfig(pglite), types, max: 1 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const prepared = new Kysely<DB>({ dialect: new PostgresDialect({ pool: namingPool(pool) }) });
  return {
    db,
    prepared,
    kind: 'pglite',
    dumpDataDir: () => pglite.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      await pglite.close();
      lock?.release();
    },
  };
}
