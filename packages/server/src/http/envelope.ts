import { errorEnvelope, OK_MSG } from '@yingku/contract';

/** `{ code: 200, msg, data }` — a single result. */
export function ok<T>(data: T, msg: string = OK_MSG.operation) {
  return { code: 200, msg, data };
}

/** `{ code: 200, msg, rows, total }` — one page of a list. */
export function table<T>(rows: T[], total: number, msg: string = OK_MSG.query) {
  return { code: 200, msg, rows, total };
}

/**
 * A route's error answers for its schema (`response: { 200: …, ...errorResponses(400, 404, 500) }`):
 * each status answers the envelope `{ code, msg }` (decision 038), so the OpenAPI document lists
 * what a call can answer besides success.
 */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorEnvelope> {
  return Object.fromEntries(statuses.map((status) => [status, errorEnvelope])) as Record<
    S,
    typeof errorEnvelope
  >;
}
