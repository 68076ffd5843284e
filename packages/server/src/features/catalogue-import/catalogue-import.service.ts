import { type ImportLine, importLine, numberKey } from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { analyzeCatalogue, upsertWorks } from '../catalogue-write/catalogue-write.service';
import { readLines } from './json-lines';

/** A line that was not loaded, and why (the contract's Chinese validation text where it applies). */
export interface ImportError {
  line: number;
  reason: string;
}

/** Running totals of an import; `linesRead` counts non-blank lines. */
export interface ImportProgress {
  linesRead: number;
  inserted: number;
  updated: number;
  unchanged: number;
  failed: number;
}

export interface ImportReport extends ImportProgress {
  /** The first `maxErrors` failures, in line order. */
  errors: ImportError[];
  ms: number;
}

export interface ImportOptions {
  /** Lines written per transaction. */
  batchSize?: number;
  /** Called after every batch, and once at the end. */
  onProgress?: (progress: ImportProgress) => void;
  /** Called for every failed line as it is found. */
  onError?: (error: ImportError) => void;
  /** Failures kept in the report; all of them are counted. */
  maxErrors?: number;
  maxLineChars?: number;
  /** Id maker for new works (see the catalogue writer). */
  newId?: () => string;
}

type ParsedLine = { ok: true; line: ImportLine } | { ok: false; reason: string };

/** Reads one JSON Lines record: JSON, then the contract's `importLine` schema. */
export function parseImportLine(text: string): ParsedLine {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `不是合法的 JSON：${(error as Error).message}` };
  }
  const parsed = importLine.safeParse(json);
  if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error.issues) };
  if (!numberKey(parsed.data.number)) return { ok: false, reason: 'number：番号必须包含字母或数字' };
  return { ok: true, line: parsed.data };
}

function describeIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  const shown = issues
    .slice(0, 3)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}：${i.message}` : i.message));
  return shown.join('；') + (issues.length > 3 ? `；另有 ${issues.length - 3} 处错误` : '');
}

/**
 * SQLSTATE classes a line's own data can cause (bad value, constraint, too large a row).
 * Anything else — a lost connection, a full disk — stops the import instead of failing every
 * line that follows.
 */
function isLineError(error: unknown): error is Error & { code: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|23|54)/.test(code);
}

/**
 * Loads a JSON Lines catalogue (see docs/import-format.md) through the catalogue writer, in
 * batches of one transaction each. A line that is not JSON, fails the schema, or is refused by
 * the database is reported with its line number and the rest still load: a batch the database
 * refuses is retried line by line to find the culprit. Importing the same source twice reports
 * every line unchanged the second time and writes nothing.
 */
export async function importCatalogue(
  db: Kysely<DB>,
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const started = Date.now();
  const { batchSize = 500, maxErrors = 1000, onProgress, onError } = options;
  const writeOptions = options.newId ? { newId: options.newId } : {};
  const report: ImportReport = {
    linesRead: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    failed: 0,
    errors: [],
    ms: 0,
  };
  const progress = (): ImportProgress => ({
    linesRead: report.linesRead,
    inserted: report.inserted,
    updated: report.updated,
    unchanged: report.unchanged,
    failed: report.failed,
  });
  const fail = (line: number, reason: string) => {
    report.failed += 1;
    if (report.errors.length < maxErrors) report.errors.push({ line, reason });
    onError?.({ line, reason });
  };
  const count = (result: { inserted: number; updated: number; unchanged: number }) => {
    report.inserted += result.inserted;
    report.updated += result.updated;
    report.unchanged += result.unchanged;
  };

  let batch: Array<{ lineNo: number; line: ImportLine }> = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const lines = batch;
    batch = [];
    try {
      count(
        await upsertWorks(
          db,
          lines.map((b) => b.line),
          writeOptions,
        ),
      );
    } catch (error) {
      if (!isLineError(error)) throw error;
      for (const { lineNo, line } of lines) {
        try {
          count(await upsertWorks(db, [line], writeOptions));
        } catch (lineError) {
          if (!isLineError(lineError)) throw lineError;
          fail(lineNo, `数据库拒绝了这一行：${lineError.message}`);
        }
      }
    }
    onProgress?.(progress());
  };

  for await (const item of readLines(source, options.maxLineChars)) {
    if ('error' in item) {
      report.linesRead += 1;
      fail(item.lineNo, item.error);
      continue;
    }
    if (item.text.trim() === '') continue;
    report.linesRead += 1;
    const parsed = parseImportLine(item.text);
    if (!parsed.ok) fail(item.lineNo, parsed.reason);
    else batch.push({ lineNo: item.lineNo, line: parsed.line });
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  if (report.inserted + report.updated > 0) await analyzeCatalogue(db);
  // Failed lines are reported in line order even when a retried batch found some late.
  report.errors.sort((a, b) => a.line - b.line);
  report.ms = Date.now() - started;
  onProgress?.(progress());
  return report;
}
