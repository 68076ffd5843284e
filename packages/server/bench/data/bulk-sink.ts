import type { CopyChunk } from './table-load';

/**
 * Where bulk rows go: PostgreSQL through `COPY … FROM STDIN`, or PGlite through
 * `COPY … FROM '/dev/blob'`. Everything else is plain SQL both understand.
 */
export interface BulkSink {
  kind: 'postgres' | 'pglite';
  /** Brings the schema to the latest migration (the real one: src/db/migrate.ts). */
  migrate(): Promise<void>;
  /** Runs statements that return nothing of interest. */
  exec(statement: string): Promise<void>;
  /** Runs one query and returns its rows. */
  rows<T>(query: string): Promise<T[]>;
  /**
   * Copies the chunks into `table` (COPY text format, FREEZE: the table was truncated in this
   * transaction), calling `progress` with the rows of each chunk sent.
   */
  copy(
    table: string,
    columns: readonly string[],
    chunks: Iterable<CopyChunk>,
    progress: (rows: number) => void,
  ): Promise<void>;
  /** The database's size on disk, in bytes. */
  size(): Promise<number>;
  close(): Promise<void>;
}

/** The COPY statement both backends run, FREEZE included (see `BulkSink.copy`). */
export function copyStatement(table: string, columns: readonly string[], source: string): string {
  return `COPY ${table} (${columns.join(', ')}) FROM ${source} WITH (FREEZE)`;
}
