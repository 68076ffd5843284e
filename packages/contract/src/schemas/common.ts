import { z } from 'zod';
import { LIMITS } from '../limits';
import { MOD_NAMES } from '../channels';
import { ID_PATTERN, isInt64Id } from '../ids';
import { YUAN_TEXT } from '../money';
import './zod-config';

/** Page number from a query string: 1 … {@link LIMITS.maxPageNum}. */
export const pageNumParam = z.coerce.number().int().min(1).max(LIMITS.maxPageNum).default(1);

/** Page size from a query string with the list's default (docs/product.md §9). */
export function pageSizeParam(defaultSize: number) {
  return z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(defaultSize);
}

/** A 64-bit id as a decimal string (ids never travel as JSON numbers). */
export const idString = z
  .string()
  .regex(ID_PATTERN, '编号必须是正整数')
  .refine((v) => !ID_PATTERN.test(v) || isInt64Id(v), '编号超出范围');

/** An amount on the wire: yuan text with two decimals, e.g. `45.00` (money.ts). */
export const yuanAmount = z.string().regex(YUAN_TEXT);

export const modNameParam = z.enum(MOD_NAMES);
export const modIdParam = z.enum(['1', '2', '3']).transform(Number);
/** The session magnet filter: 1 = only works with magnets. */
export const isDhtParam = z.enum(['0', '1']).transform((v) => v === '1');

/** A free-text field of a query: trimmed, at most `max` characters. */
export function textParam(max: number) {
  return z.string().trim().max(max);
}

/** The envelope of docs/product.md §7 (DESIGN.md "HTTP contract"): code 200 is success. */
export const errorEnvelope = z.object({ code: z.number().int(), msg: z.string() });
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export function tableEnvelope<T extends z.ZodType>(row: T) {
  return z.object({
    code: z.number().int(),
    msg: z.string(),
    rows: z.array(row),
    total: z.number().int(),
  });
}

/** An entity as the work detail lists it: id, name, and its Chinese name where known. */
export const entityRef = z.object({ id: z.string(), name: z.string(), nameCn: z.string().nullable() });
export type EntityRef = z.infer<typeof entityRef>;
