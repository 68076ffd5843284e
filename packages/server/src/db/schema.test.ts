import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { Database } from './connection';

/**
 * schema.ts (the Kysely table interfaces, written by hand) against a freshly migrated database:
 * the same tables and columns both ways, each column nullable in both or neither, of a type
 * family that reads as schema.ts says, and optional on insert only where the database fills it.
 */

/** Kysely's own bookkeeping: in the database, never queried through `DB`. */
const NOT_IN_DB = new Set(['kysely_migration', 'kysely_migration_lock']);

type Family = 'string' | 'number' | 'boolean' | 'Date' | 'array' | 'json';

interface Column {
  family: Family | 'mixed';
  nullable: boolean;
  /** May an insert leave it out: schema.ts — its insert type takes undefined or null; the
   * database — it has a default, is nullable, an identity or generated. */
  optionalOnInsert: boolean;
}
type Tables = Map<string, Map<string, Column>>;

/** How node-postgres and PGlite hand each column type over (see connection.ts). */
const FAMILY_OF_DATA_TYPE: Record<string, Family> = {
  bigint: 'string',
  integer: 'number',
  smallint: 'number',
  real: 'number',
  'double precision': 'number',
  text: 'string',
  'character varying': 'string',
  uuid: 'string',
  date: 'string',
  boolean: 'boolean',
  'timestamp with time zone': 'Date',
  ARRAY: 'array',
  jsonb: 'json',
};

async function migratedTables(database: Database): Promise<Tables> {
  const { rows } = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
    is_generated: string;
  }>`
    SELECT c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default,
           c.is_identity, c.is_generated
    FROM information_schema.columns c
    JOIN information_schema.tables t USING (table_schema, table_name)
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
  `.execute(database.db);
  const tables: Tables = new Map();
  for (const row of rows) {
    if (NOT_IN_DB.has(row.table_name)) continue;
    const nullable = row.is_nullable === 'YES';
    const columns = tables.get(row.table_name) ?? new Map<string, Column>();
    columns.set(row.column_name, {
      family: FAMILY_OF_DATA_TYPE[row.data_type] ?? 'mixed',
      nullable,
      optionalOnInsert:
        nullable || row.column_default !== null || row.is_identity === 'YES' || row.is_generated !== 'NEVER',
    });
    tables.set(row.table_name, columns);
  }
  return tables;
}

/** The tables of schema.ts's `DB`, read with the TypeScript checker (so `extends` and aliases count). */
function declaredTables(): Tables {
  const file = fileURLToPath(new URL('./schema.ts', import.meta.url));
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  });
  const checker = program.getTypeChecker();
  const db = program
    .getSourceFile(file)!
    .statements.find(
      (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'DB',
    );
  if (!db) throw new Error('schema.ts declares no DB interface');

  /** A column's select or insert side: Kysely's ColumnType keeps each in a phantom property. */
  const side = (type: ts.Type, name: '__select__' | '__insert__'): ts.Type[] =>
    (type.isUnion() ? type.types : [type]).flatMap((member) => {
      const phantom = member.getProperty(name);
      if (!phantom) return [member];
      const inner = checker.getTypeOfSymbol(phantom);
      return inner.isUnion() ? inner.types : [inner];
    });
  const familyOf = (type: ts.Type): Family => {
    if (type.flags & ts.TypeFlags.StringLike) return 'string';
    if (type.flags & ts.TypeFlags.NumberLike) return 'number';
    if (type.flags & ts.TypeFlags.BooleanLike) return 'boolean';
    if (checker.isArrayType(type)) return 'array';
    if (type.getSymbol()?.getName() === 'Date') return 'Date';
    return 'json';
  };

  const tables: Tables = new Map();
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(db.name))) {
    const columns = new Map<string, Column>();
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbol(table))) {
      const type = checker.getTypeOfSymbol(column);
      const selected = side(type, '__select__');
      const values = selected.filter((t) => !(t.flags & ts.TypeFlags.Null));
      const families = new Set(values.map(familyOf));
      columns.set(column.getName(), {
        family: families.size === 1 ? [...families][0]! : 'mixed',
        nullable: values.length < selected.length,
        optionalOnInsert: side(type, '__insert__').some(
          (t) => (t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)) !== 0,
        ),
      });
    }
    tables.set(table.getName(), columns);
  }
  return tables;
}

/** Each disagreement between schema.ts and the database, one line each; none when they agree. */
function mismatches(declared: Tables, migrated: Tables): string[] {
  const found: string[] = [];
  for (const name of new Set([...declared.keys(), ...migrated.keys()])) {
    const mine = declared.get(name);
    const theirs = migrated.get(name);
    if (!mine || !theirs) {
      found.push(
        `${name}: ${mine ? 'in schema.ts, not in the database' : 'in the database, not in schema.ts'}`,
      );
      continue;
    }
    for (const column of new Set([...mine.keys(), ...theirs.keys()])) {
      const at = `${name}.${column}`;
      const a = mine.get(column);
      const b = theirs.get(column);
      if (!a || !b) {
        found.push(`${at}: ${a ? 'in schema.ts, not in the database' : 'in the database, not in schema.ts'}`);
        continue;
      }
      if (a.nullable !== b.nullable) {
        found.push(`${at}: ${b.nullable ? 'nullable' : 'NOT NULL'} in the database, not in schema.ts`);
      }
      const readsAs = b.family === 'json' ? a.family !== 'mixed' : a.family === b.family;
      if (!readsAs) found.push(`${at}: reads as ${b.family}, schema.ts says ${a.family}`);
      if (a.optionalOnInsert && !b.optionalOnInsert) {
        found.push(`${at}: optional on insert in schema.ts, NOT NULL without a default in the database`);
      }
    }
  }
  return found.sort();
}

let database: Database;
let migrated: Tables;
let declared: Tables;

beforeAll(async () => {
  database = await createTestDatabase();
  migrated = await migratedTables(database);
  declared = declaredTables();
});

afterAll(() => database.close());

describe('schema.ts', () => {
  it('declares the migrated database: tables, columns, nullability, type families', () => {
    expect(declared.size).toBeGreaterThan(50);
    expect(mismatches(declared, migrated)).toEqual([]);
  });
});

describe('the schema check', () => {
  /** schema.ts as read, with one table's columns changed by `change`. */
  function declaredWith(table: string, change: (columns: Map<string, Column>) => void): Tables {
    const copy: Tables = new Map([...declared].map(([name, columns]) => [name, new Map(columns)]));
    change(copy.get(table) ?? copy.set(table, new Map()).get(table)!);
    return copy;
  }
  const text: Column = { family: 'string', nullable: false, optionalOnInsert: false };

  it('names a column schema.ts declares and the database lacks', () => {
    const extra = declaredWith('works', (c) => c.set('extra', text));
    expect(mismatches(extra, migrated)).toEqual(['works.extra: in schema.ts, not in the database']);
  });

  it('names a column and a table the database has and schema.ts lacks', () => {
    expect(
      mismatches(
        declaredWith('works', (c) => c.delete('title')),
        migrated,
      ),
    ).toEqual(['works.title: in the database, not in schema.ts']);
    const fewer: Tables = new Map([...declared].filter(([name]) => name !== 'likes'));
    expect(mismatches(fewer, migrated)).toEqual(['likes: in the database, not in schema.ts']);
    expect(
      mismatches(
        declaredWith('ghosts', (c) => c.set('id', text)),
        migrated,
      ),
    ).toEqual(['ghosts: in schema.ts, not in the database']);
  });

  it('names a column of the wrong nullability, type family or insert rule', () => {
    const wrong = declaredWith('works', (c) => {
      c.set('mp4', { ...c.get('mp4')!, nullable: false });
      c.set('title', { ...c.get('title')!, nullable: true });
      c.set('duration_min', { ...c.get('duration_min')!, family: 'string' });
      c.set('number', { ...c.get('number')!, optionalOnInsert: true });
    });
    expect(mismatches(wrong, migrated)).toEqual([
      'works.duration_min: reads as number, schema.ts says string',
      'works.mp4: nullable in the database, not in schema.ts',
      'works.number: optional on insert in schema.ts, NOT NULL without a default in the database',
      'works.title: NOT NULL in the database, not in schema.ts',
    ]);
  });

  it('reads schema.ts’s column types as Kysely does', () => {
    const works = declared.get('works')!;
    expect(works.get('id')).toEqual({ family: 'string', nullable: false, optionalOnInsert: false });
    expect(works.get('mp4')).toEqual({ family: 'string', nullable: true, optionalOnInsert: true });
    expect(works.get('hidden')).toEqual({ family: 'boolean', nullable: false, optionalOnInsert: true });
    expect(works.get('image_small')?.family).toBe('array');
    expect(works.get('created_at')?.family).toBe('Date');
    expect(declared.get('users')?.get('vip_until')).toEqual({
      family: 'Date',
      nullable: true,
      optionalOnInsert: true,
    });
    // WorkCounts' columns, inherited.
    expect(declared.get('catalogue_day_counts')?.get('with_magnet')?.family).toBe('number');
  });
});
