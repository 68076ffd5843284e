import pg from 'pg';

/**
 * The database's own time per request, from `pg_stat_statements` (planning and execution of
 * every statement in the benchmarked database): where a scenario's cost is, the server's or the
 * database's. Only where the extension is installed and loaded (`shared_preload_libraries`);
 * the bench resets its counters, so point it at a database of its own.
 */
export interface StatementStats {
  reset(): Promise<void>;
  /** Milliseconds the database spent on statements since the last reset. */
  spentMs(): Promise<number>;
  close(): Promise<void>;
}

/** Statement statistics of the database at `url`, or why there are none. */
export async function openStatementStats(url: string): Promise<StatementStats | { missing: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ installed: boolean }>(
      `SELECT EXISTS (SELECT FROM pg_extension WHERE extname = 'pg_stat_statements') AS installed`,
    );
    if (!rows[0]?.installed) throw new Error('CREATE EXTENSION pg_stat_statements in it');
    await client.query('SELECT pg_stat_statements_reset()');
  } catch (error) {
    await client.end();
    return { missing: (error as Error).message };
  }
  return {
    reset: async () => {
      await client.query('SELECT pg_stat_statements_reset()');
    },
    spentMs: async () => {
      // Planning time is counted only with pg_stat_statements.track_planning on (it costs).
      const { rows } = await client.query<{ ms: number }>(
        `SELECT coalesce(sum(total_exec_time + total_plan_time), 0)::float8 AS ms FROM pg_stat_statements
         WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      return rows[0]?.ms ?? 0;
    },
    close: () => client.end(),
  };
}
