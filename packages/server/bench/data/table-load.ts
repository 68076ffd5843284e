/** A slice of COPY text and how many rows it holds (for progress). */
export interface CopyChunk {
  text: string;
  rows: number;
}

/** One table to bulk-load: its columns in COPY order and the rows, produced lazily. */
export interface TableLoad {
  table: string;
  columns: readonly string[];
  /** For progress and ETA; exact where known, else an estimate. */
  expectedRows: number;
  /**
   * Time per row relative to a link row, for the overall ETA (measured at a million works on
   * PostgreSQL: a works row costs ~40 link rows, a magnet ~12, a user or library row ~3).
   */
  rowCost?: number;
  chunks(): Iterable<CopyChunk>;
}

/**
 * Groups lines (each ending in a newline) into chunks: big enough that the per-chunk cost of a
 * stream write or a PGlite COPY call vanishes, small enough to keep memory flat.
 */
export function* chunked(lines: Iterable<string>, size = 4096): Generator<CopyChunk> {
  let buffer: string[] = [];
  for (const line of lines) {
    buffer.push(line);
    if (buffer.length >= size) {
      yield { text: buffer.join(''), rows: buffer.length };
      buffer = [];
    }
  }
  if (buffer.length > 0) yield { text: buffer.join(''), rows: buffer.length };
}
