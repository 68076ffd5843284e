import type { ImportError, ImportProgress, ImportReport } from './catalogue-import.service';

/** One status line, e.g. `12,000 lines: 100 inserted, 5 updated, 11,800 unchanged, 95 failed`. */
export function formatProgress(p: ImportProgress): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return (
    `${n(p.linesRead)} lines: ${n(p.inserted)} inserted, ${n(p.updated)} updated, ` +
    `${n(p.unchanged)} unchanged, ${n(p.failed)} failed`
  );
}

/** `line 12: reason` */
export function formatError(error: ImportError): string {
  return `line ${error.line}: ${error.reason}`;
}

/** The closing summary of an import, with the time it took and lines per second. */
export function formatSummary(report: ImportReport): string {
  const seconds = Math.max(report.ms, 1) / 1000;
  const rate = Math.round(report.linesRead / seconds).toLocaleString('en-US');
  const verdict = report.failed > 0 ? 'Import finished with failed lines' : 'Import finished';
  return `${verdict}: ${formatProgress(report)} (${seconds.toFixed(1)} s, ${rate} lines/s).`;
}
