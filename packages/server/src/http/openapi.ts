import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type JsonSchema = Record<string, unknown>;

/**
 * What null is in an OpenAPI 3.0 schema, the form fastify-type-provider-zod gives `z.null()`
 * (3.0 has no `null` type: `nullable` widens the `type` beside it).
 */
const nullOnly = (): JsonSchema => ({ type: 'string', nullable: true, enum: [null] });

/** Keywords that hold one subschema, and those that hold a list of them. */
const ONE_SCHEMA = ['items', 'additionalProperties', 'not'] as const;
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'items'] as const;
const REQUEST_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

/**
 * The route schemas of the OpenAPI document (API.openapi), as fastify-type-provider-zod writes
 * them, with every `.nullable()` in the form a validator reads. The library writes
 * `nullable: true` beside the other keywords, and in OpenAPI 3.0 `nullable` only widens `type`:
 * beside an `enum` without null (a mark, `want`/`watched`, null for none) null is still refused,
 * and without a `type` (a nullable union) it says nothing. Such schemas get null into the enum,
 * or a null branch.
 */
export const openApiTransform: typeof jsonSchemaTransform = (document) => {
  const { schema, url } = jsonSchemaTransform(document);
  // A route without a schema (static files, the web app's pages) has nothing to change.
  return { schema: isSchema(schema) ? nullableRouteSchema(schema) : schema, url };
};

function nullableRouteSchema(schema: FastifySchema & { response?: unknown }): FastifySchema {
  const result: Record<string, unknown> = { ...schema };
  for (const part of REQUEST_PARTS) {
    if (isSchema(result[part])) result[part] = nullableForValidators(result[part]);
  }
  if (isSchema(schema.response)) {
    result.response = Object.fromEntries(
      Object.entries(schema.response).map(([status, answer]) => [status, nullableAnswer(answer)]),
    );
  }
  return result;
}

/** A response is a schema, or `{ description, content: { [type]: { schema } } }`. */
function nullableAnswer(answer: unknown): unknown {
  if (!isSchema(answer)) return answer;
  if (!isSchema(answer.content)) return nullableForValidators(answer);
  const content = Object.fromEntries(
    Object.entries(answer.content).map(([type, media]) => [
      type,
      isSchema(media) && isSchema(media.schema)
        ? { ...media, schema: nullableForValidators(media.schema) }
        : media,
    ]),
  );
  return { ...answer, content };
}

/**
 * One JSON schema (OpenAPI 3.0) with each nullable subschema made to accept null: null added to
 * a nullable `enum`, and a nullable schema without a `type` (a union, a `$ref`) turned into
 * `anyOf` with a null branch. Walks only the places that hold subschemas, so a property that
 * happens to be called `nullable` or `enum` is left alone.
 */
export function nullableForValidators(schema: JsonSchema): JsonSchema {
  const result: JsonSchema = { ...schema };
  if (isSchema(schema.properties)) {
    result.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, child]) => [name, nullableChild(child)]),
    );
  }
  for (const key of ONE_SCHEMA) {
    if (isSchema(schema[key])) result[key] = nullableForValidators(schema[key]);
  }
  for (const key of SCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) result[key] = list.map(nullableChild);
  }
  return acceptNull(result);
}

function nullableChild(child: unknown): unknown {
  return isSchema(child) ? nullableForValidators(child) : child;
}

function acceptNull(schema: JsonSchema): JsonSchema {
  const { nullable, ...rest } = schema;
  if (nullable !== true) return schema;
  if (typeof rest.type === 'string') {
    const values = rest.enum;
    return Array.isArray(values) && !values.includes(null) ? { ...schema, enum: [...values, null] } : schema;
  }
  if (Array.isArray(rest.anyOf)) return { ...rest, anyOf: [...(rest.anyOf as unknown[]), nullOnly()] };
  return { anyOf: [rest, nullOnly()] };
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
