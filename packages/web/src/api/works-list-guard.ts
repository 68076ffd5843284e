import type { WorkListItem } from '@yingku/contract';
import { fail, integer, isObject, type Row, text } from './guards';
import type { ResponseSchema } from './request';

/** GET /v2/works/detail/list's answer: the envelope of docs/product.md §7 with a page of works. */
export interface WorksListAnswer {
  code: number;
  msg: string;
  rows: WorkListItem[];
  total: number;
}

const TEXT_FIELDS = ['id', 'number', 'title', 'pubTime', 'picSmall', 'picBig'] as const;
const INTEGER_FIELDS = ['modId', 'isOnline', 'isDht'] as const;

function workListItem(value: unknown, where: string): WorkListItem {
  if (!isObject(value)) fail(where, 'an object');
  const item: Row = {};
  for (const key of TEXT_FIELDS) item[key] = text(value[key], `${where}.${key}`);
  for (const key of INTEGER_FIELDS) item[key] = integer(value[key], `${where}.${key}`);
  return item as unknown as WorkListItem;
}

/**
 * The works list's answer checked by hand rather than with the contract's zod schema
 * (`worksListResponse`): it is the first page's one call, and zod is the largest library that
 * page would otherwise download (decision 018). It accepts and rejects what that schema does,
 * and like it keeps only the known fields (works-list-guard.test.ts holds the two side by side).
 */
export const worksListGuard: ResponseSchema<WorksListAnswer> = {
  parse(data) {
    if (!isObject(data)) fail('answer', 'an object');
    if (!Array.isArray(data.rows)) fail('rows', 'an array');
    return {
      code: integer(data.code, 'code'),
      msg: text(data.msg, 'msg'),
      rows: data.rows.map((row, i) => workListItem(row, `rows[${i}]`)),
      total: integer(data.total, 'total'),
    };
  },
};
