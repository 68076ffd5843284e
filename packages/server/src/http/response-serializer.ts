import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySchemaCompiler<unknown>>[0];
type Serializer = (data: unknown) => string;

/**
 * How every answer's body is written (decision 052). A response schema that JSON Schema
 * says in full (objects of named fields, arrays, strings, numbers, literals) is compiled once into
 * a fast-json-stringify function: it writes only the declared fields and throws on a missing
 * required one — what the zod serializer does, without building the checked copy first (≈ 10 %
 * of an uncached list's server time). It writes an object's required fields first, then the
 * optional ones present: JSON gives the order no meaning. A schema it cannot say (a `Date`, a
 * transform) keeps fastify-type-provider-zod's serializer.
 *
 * `checked` (the tests): every body is written both ways and any difference in the JSON values
 * throws, so the whole API and browser suites prove the fast writer equal to the zod one on every
 * answer they produce.
 */
export function responseSerializerCompiler({
  checked,
}: {
  checked: boolean;
}): FastifySerializerCompiler<unknown> {
  // Compiled at a route's first answer of that status, not at start: most statuses of most
  // routes are never answered, and compiling them all took about 0.1 s of every start.
  return (route) => {
    let write: Serializer | undefined;
    return (data) => (write ??= writerFor(route, checked))(data);
  };
}

function writerFor(route: Parameters<FastifySerializerCompiler<unknown>>[0], checked: boolean): Serializer {
  const checkedByZod: Serializer = zodSerializerCompiler(route as never);
  const fast = compileFast(route.schema);
  if (!fast) return checkedByZod;
  if (!checked) return fast;
  return (data) => {
    const expected = checkedByZod(data);
    const written = fast(data);
    if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected)))
      throw new Error(
        `${route.method} ${route.url}: the fast writer differs from zod\n  zod:  ${expected}\n  fast: ${written}`,
      );
    return written;
  };
}

/** The fast writer for a zod response schema, or undefined when JSON Schema cannot say it whole. */
function compileFast(schema: RouteSchema['schema']): Serializer | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-07' });
    return fastJson(writable(json) as Parameters<typeof fastJson>[0]);
  } catch {
    return undefined;
  }
}

/** Keywords whose branch fast-json-stringify picks by validating: the zod serializer keeps these. */
const BRANCHING = ['anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref'];

/**
 * The schema as fast-json-stringify should read it to write the data's own values. As given, it
 * would write a literal (`const`) from the schema whatever the data holds, round a fraction under
 * `integer`, and fill a missing field from its `default`, where zod refuses or leaves them. So a
 * literal becomes its JSON type, `integer` becomes `number`, and defaults go; the checked mode
 * still finds any difference. Throws on a branching keyword.
 */
function writable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(writable);
  if (typeof node !== 'object' || node === null) return node;
  const schema = { ...(node as Record<string, unknown>) };
  const branching = BRANCHING.find((k) => k in schema);
  if (branching) throw new Error(`"${branching}" is kept for zod`);
  if ('const' in schema) {
    const value = schema.const;
    delete schema.const;
    schema.type = value === null ? 'null' : typeof value;
  }
  // zod says a nullable integer with anyOf (kept for zod), so `integer` comes alone.
  if (schema.type === 'integer') schema.type = 'number';
  delete schema.default;
  if (schema.properties) schema.properties = mapValues(schema.properties, writable);
  if (schema.items !== undefined) schema.items = writable(schema.items);
  if (typeof schema.additionalProperties === 'object')
    schema.additionalProperties = writable(schema.additionalProperties);
  return schema;
}

function mapValues(record: unknown, fn: (value: unknown) => unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record as Record<string, unknown>).map(([k, v]) => [k, fn(v)]));
}
