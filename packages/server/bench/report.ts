import type { LoadSummary } from './stats';

/** One scenario on one database. */
export interface ScenarioResult {
  name: string;
  kind: 'miss' | 'hit';
  targetMs?: number;
  fixed: LoadSummary & { firstError?: string };
  saturation: LoadSummary;
  /**
   * The database's time (planning and execution, pg_stat_statements) per request answered at the
   * fixed load; NaN where not measured (PGlite, or the extension not loaded).
   */
  dbMsPerRequest: number;
  /**
   * CPU time per request answered at the fixed load, ms: the server process's, and the database
   * backends' serving it (bench/process-cpu.ts); NaN where not measured. The capacity model's inputs.
   */
  appCpuMsPerRequest: number;
  dbCpuMsPerRequest: number;
  /** Server RSS (MB) after the scenario. */
  rssMb: number;
  /** Share of catalogue read-cache lookups that hit during the scenario (NaN: none counted). */
  cacheHitRatio: number;
}

export interface DatabaseResult {
  label: string;
  kind: 'demo' | 'pglite' | 'postgres';
  works: number;
  /** Server RSS (MB) at its highest, over all scenarios. */
  peakMb: number;
  /** The machine's 1-minute load average before and after: others' work skews the figures. */
  loadAverage: [number, number];
  results: ScenarioResult[];
}

/**
 * The hello-world ceiling at saturation, unsigned and with the client signing every request like
 * the others; and hello-world at the fixed rate (the latency floor of this client and machine).
 */
export interface Ceiling {
  plain: LoadSummary;
  signed: LoadSummary;
  fixed: LoadSummary;
}

/** Pads cells into aligned columns: text left, numbers (and anything starting with one) right. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = (cell: string) => /^[-\d.]/.test(cell) || cell === '—';
  const line = (cells: string[], isHeader: boolean) =>
    cells
      .map((cell, i) =>
        !isHeader && i > 0 && numeric(cell) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!),
      )
      .join('  ')
      .trimEnd();
  return [
    line(header, true),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map((r) => line(r, false)),
  ].join('\n');
}

/** A latency in ms, to one decimal below 100. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return '—';
  return value < 100 ? value.toFixed(1) : value.toFixed(0);
}

/**
 * Whether a miss scenario met its target at the fixed load: p99 within it, no errors, and the
 * offered rate actually served (an overloaded server answers late, whatever its p99 says).
 */
export function verdict(result: ScenarioResult, rate: number): '✓' | '✗' | '' {
  if (result.targetMs === undefined) return '';
  const served = result.fixed.rps >= rate * 0.95;
  return served && result.fixed.errors === 0 && result.fixed.p99 <= result.targetMs ? '✓' : '✗';
}

/** The table of one database: fixed load, saturation, share of the hello-world ceiling, memory. */
export function databaseTable(db: DatabaseResult, ceiling: Ceiling, rate: number): string {
  const rows = db.results.map((r) => [
    r.name,
    r.targetMs === undefined ? '—' : String(r.targetMs),
    ms(r.fixed.p50),
    ms(r.fixed.p99),
    r.fixed.rps.toFixed(0),
    String(r.fixed.errors),
    verdict(r, rate),
    r.saturation.rps.toFixed(0),
    ms(r.saturation.p50),
    ms(r.saturation.p99),
    String(r.saturation.errors),
    `${((r.saturation.rps / ceiling.signed.rps) * 100).toFixed(1)}%`,
    Number.isFinite(r.dbMsPerRequest) ? r.dbMsPerRequest.toFixed(2) : '—',
    Number.isFinite(r.appCpuMsPerRequest) ? r.appCpuMsPerRequest.toFixed(2) : '—',
    Number.isFinite(r.dbCpuMsPerRequest) ? r.dbCpuMsPerRequest.toFixed(2) : '—',
    Number.isFinite(r.cacheHitRatio) ? `${(r.cacheHitRatio * 100).toFixed(0)}%` : '—',
    r.rssMb.toFixed(0),
  ]);
  return formatTable(
    [
      'scenario',
      'target',
      'p50',
      'p99',
      'req/s',
      'err',
      '',
      'sat req/s',
      'p50',
      'p99',
      'err',
      'of hello',
      'db ms/req',
      'app cpu',
      'db cpu',
      'cache hits',
      'RSS MB',
    ],
    rows,
  );
}

/** Scenario × database: p99 (ms) at the fixed load against the target; hit rows: share of hello. */
export function sideBySideTable(dbs: DatabaseResult[], ceiling: Ceiling, rate: number): string {
  const names = [...new Set(dbs.flatMap((db) => db.results.map((r) => r.name)))];
  const rows = names.map((name) => {
    const first = dbs.flatMap((db) => db.results).find((r) => r.name === name)!;
    const cells = dbs.map((db) => {
      const r = db.results.find((x) => x.name === name);
      if (!r) return '—';
      if (r.kind === 'hit') return `${((r.saturation.rps / ceiling.signed.rps) * 100).toFixed(1)}% of hello`;
      const overload = r.fixed.rps < rate * 0.95 ? ` (${r.fixed.rps.toFixed(0)}/s)` : '';
      const errors = r.fixed.errors > 0 ? ` ${r.fixed.errors} err` : '';
      return `${ms(r.fixed.p99)} ${verdict(r, rate)}${overload}${errors}`;
    });
    return [name, first.targetMs === undefined ? '—' : String(first.targetMs), ...cells];
  });
  const works = dbs.map((db) => `${db.label} (${db.works.toLocaleString('en-US')})`);
  return formatTable(['p99 ms at fixed load', 'target', ...works], rows);
}

/**
 * `--tracing`: each database with tracing off beside the same with it on (labels `… , tracing
 * on`), per scenario: saturation req/s and its share of the hello-world ceiling of this run, the
 * change, and p99 at the fixed load.
 */
export function tracingTable(dbs: DatabaseResult[], ceiling: Ceiling): string {
  const share = (r: ScenarioResult) => `${((r.saturation.rps / ceiling.signed.rps) * 100).toFixed(1)}%`;
  const rows = dbs
    .filter((db) => !db.label.endsWith(', tracing on'))
    .flatMap((off) => {
      const on = dbs.find((db) => db.label === `${off.label}, tracing on`);
      return off.results.map((r) => {
        const traced = on?.results.find((x) => x.name === r.name);
        if (!traced) return [off.label, r.name, share(r), '—', '—', ms(r.fixed.p99), '—'];
        const change = (traced.saturation.rps / r.saturation.rps - 1) * 100;
        return [
          off.label,
          r.name,
          `${r.saturation.rps.toFixed(0)} (${share(r)})`,
          `${traced.saturation.rps.toFixed(0)} (${share(traced)})`,
          `${change >= 0 ? '+' : ''}${change.toFixed(1)}%`,
          ms(r.fixed.p99),
          ms(traced.fixed.p99),
        ];
      });
    });
  return formatTable(
    ['database', 'scenario', 'off: req/s (of hello)', 'on: req/s (of hello)', 'change', 'p99 off', 'p99 on'],
    rows,
  );
}
