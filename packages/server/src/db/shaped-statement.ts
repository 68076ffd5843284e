import { CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from './schema';

/** Stands for a named value while a shape is compiled; becomes one `$n` wherever it is used. */
class Placeholder {
  constructor(readonly name: string) {}

  // A placeholder is for `${…}` in `sql` only: read as text or a number, it would put a
  // placeholder's text into the statement's, so it refuses.
  [Symbol.toPrimitive](): never {
    throw new Error(`placeholder "${this.name}" used as a value while building a statement's text`);
  }
}

/** Where a compiled statement's `$n` comes from: one of the values, or the shape's constant. */
type Slot<V> = { name: keyof V & string } | { value: unknown };

/** A shape: the few choices (each of a handful of values) that decide a statement's text. */
type Shape = Record<string, string | number | boolean>;

/**
 * A statement whose text is decided by its shape alone and whose values only fill it in
 * (decision 053). Building and compiling kysely's `sql` cost an uncached list more of the
 * server's time than anything else of ours, so each shape is built and compiled once, with a
 * placeholder for each value, and a call only looks its text up and lines its values up behind
 * it. The text is the same every call, so `prepared` finds its prepared name without hashing it.
 *
 * `build` is given the shape and, for each value, its placeholder (typed as the value, to be
 * interpolated with `${…}` where the value would be): it never sees a value, so a value cannot
 * change the text unless it is part of the shape. A placeholder read as text or a number throws.
 * Kysely plugins never see the statement (it is run compiled); the app has none.
 */
export function shapedStatement<S extends Shape, V extends object, Row>(
  build: (shape: S, values: V) => RawBuilder<Row>,
) {
  const placeholders = new Proxy({}, { get: (_, name) => new Placeholder(String(name)) }) as V;
  const compiled = new Map<string, { sql: string; slots: Slot<V>[] }>();

  function compile(db: Kysely<DB>, shape: S) {
    const query = build(shape, placeholders).compile(db);
    // Any other value can only have come from the shape: the same at every call of it. A
    // placeholder inside one (an array of them) would be sent as it is, so it is refused.
    const slots = query.parameters.map((parameter): Slot<V> => {
      if (parameter instanceof Placeholder) return { name: parameter.name as keyof V & string };
      if (Array.isArray(parameter) && parameter.some((item) => item instanceof Placeholder))
        throw new Error('a shaped statement takes a list as one placeholder, not a list of them');
      return { value: parameter };
    });
    return { sql: query.sql, slots };
  }

  /** Runs the statement of `shape` with `values` on `db`; its rows. */
  return async function run(db: Kysely<DB>, shape: S, values: V): Promise<Row[]> {
    const key = JSON.stringify(shape);
    let statement = compiled.get(key);
    if (!statement) {
      statement = compile(db, shape);
      compiled.set(key, statement);
    }
    const parameters = statement.slots.map((slot) => ('name' in slot ? values[slot.name] : slot.value));
    return (await db.executeQuery<Row>(CompiledQuery.raw(statement.sql, parameters))).rows;
  };
}
