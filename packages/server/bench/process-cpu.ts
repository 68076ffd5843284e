import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import pg from 'pg';

/** The kernel's clock tick, in which /proc reports CPU time (100 per second on Linux almost always). */
const TICK_MS = 1000 / (Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100);

/** CPU time (user and system) a process has used so far, ms; undefined when it is gone or not Linux. */
async function cpuMsOf(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // After the command's name in parentheses: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** CPU ms of the server process and of the database backends serving it, at one moment. */
export interface CpuSample {
  app: number;
  /** Per backend pid: a backend that came or went between samples is counted from 0 or up to its last. */
  db: Map<number, number>;
}

/**
 * Where the CPU of a scenario went, per request (the capacity model's inputs, docs/capacity.md):
 * the server process's own, and that of the PostgreSQL backends connected to the benchmarked
 * database (the machine's other work and PostgreSQL's background writers are left out). Linux
 * only, and the database only where it runs on this machine.
 */
export interface CpuMeter {
  sample(): Promise<CpuSample>;
  /** ms per request between two samples, for `requests` answered. */
  perRequest(before: CpuSample, after: CpuSample, requests: number): { appMs: number; dbMs: number };
  close(): Promise<void>;
}

export async function openCpuMeter(serverPid: number, databaseUrl: string | undefined): Promise<CpuMeter> {
  const client = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
  await client?.connect();
  const backends = async () =>
    client
      ? (
          await client.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
          )
        ).rows.map((row) => row.pid)
      : [];
  return {
    async sample() {
      const db = new Map<number, number>();
      for (const pid of await backends()) {
        const ms = await cpuMsOf(pid);
        if (ms !== undefined) db.set(pid, ms);
      }
      return { app: (await cpuMsOf(serverPid)) ?? Number.NaN, db };
    },
    perRequest(before, after, requests) {
      let db = 0;
      for (const [pid, ms] of after.db) db += ms - (before.db.get(pid) ?? 0);
      return {
        appMs: (after.app - before.app) / requests,
        dbMs: client && after.db.size > 0 ? db / requests : Number.NaN,
      };
    },
    close: async () => {
      await client?.end();
    },
  };
}
