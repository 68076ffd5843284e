import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
} from 'kysely';
import type { DB } from '../src/db/schema';

/**
 * A Kysely that compiles as the app's does (the PostgreSQL dialect's compiler) and runs
 * nothing: every statement answers no rows. `onQuery` sees each statement it was asked to run.
 */
export function compileOnlyKysely(onQuery?: (query: CompiledQuery) => void): Kysely<DB> {
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    ...(onQuery ? { log: (event) => onQuery(event.query) } : {}),
  });
}

/**
 * A compiled statement as a SQL snapshot keeps it: a `-- title` line, its text with its
 * template's indentation taken off, and its parameters.
 */
export function sqlText(title: string, { sql, parameters }: Pick<CompiledQuery, 'sql' | 'parameters'>) {
  const lines = sql.split('\n').filter((line) => line.trim() !== '');
  const indent = Math.min(...lines.map((line) => line.length - line.trimStart().length));
  const text = lines.map((line) => line.slice(indent).trimEnd()).join('\n');
  return `-- ${title}\n${text};\n-- parameters: ${JSON.stringify(parameters)}\n`;
}
