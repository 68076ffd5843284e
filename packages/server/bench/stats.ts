/** What one load run (fixed rate or saturation) measured. */
export interface LoadSummary {
  /** Answers per second that came back within the run (any status). */
  rps: number;
  /** Latency percentiles in ms; NaN when nothing came back. */
  p50: number;
  p99: number;
  /** Requests sent, and those that failed: transport errors, timeouts, or a status other than 200/304. */
  requests: number;
  errors: number;
}

/** The nearest-rank quantile `q` (0–1] of ascending `sorted` values; NaN for none. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Summarises the latencies (ms, any order) of answers collected over `seconds`. */
export function summarise(
  latencies: number[],
  seconds: number,
  requests: number,
  errors: number,
): LoadSummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    rps: seconds > 0 ? latencies.length / seconds : 0,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    requests,
    errors,
  };
}

/** The share of cache lookups that hit, from two readings of (hits, misses); NaN when none. */
export function hitRatio(
  before: { hits: number; misses: number },
  after: { hits: number; misses: number },
): number {
  const hits = after.hits - before.hits;
  const lookups = hits + after.misses - before.misses;
  return lookups > 0 ? hits / lookups : Number.NaN;
}
