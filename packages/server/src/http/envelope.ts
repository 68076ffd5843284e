import { OK_MSG } from '@yingku/contract';

/** `{ code: 200, msg, data }` — a single result. */
export function ok<T>(data: T, msg: string = OK_MSG.operation) {
  return { code: 200, msg, data };
}

/** `{ code: 200, msg, rows, total }` — one page of a list. */
export function table<T>(rows: T[], total: number, msg: string = OK_MSG.query) {
  return { code: 200, msg, rows, total };
}
