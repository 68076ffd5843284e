import { worksListResponse } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import { itJudgesAsTheSchema } from './guard-parity';
import { worksListGuard } from './works-list-guard';

const work = {
  id: '1790000000000000001',
  number: 'ABC-001',
  title: '标题',
  pubTime: '2026-01-02',
  picSmall: 'demo/cover/ABC-001-s.svg',
  picBig: 'demo/cover/ABC-001.svg',
  modId: 1,
  isOnline: 0,
  isDht: 1,
};
const answer = { code: 200, msg: '查询成功', rows: [work], total: 1 };

/** Answers the server might send, good and bad; the guard must judge each as the zod schema does. */
const samples: Record<string, unknown> = {
  'a page of works': answer,
  'an empty page': { ...answer, rows: [], total: 0 },
  'extra fields (dropped)': { ...answer, extra: 1, rows: [{ ...work, extra: 'x' }] },
  'no rows': { code: 200, msg: '', total: 0 },
  'rows not an array': { ...answer, rows: {} },
  'a null row': { ...answer, rows: [null] },
  'an id as a number': { ...answer, rows: [{ ...work, id: 1 }] },
  'a missing title': { ...answer, rows: [{ ...work, title: undefined }] },
  'a null cover': { ...answer, rows: [{ ...work, picSmall: null }] },
  'a fractional modId': { ...answer, rows: [{ ...work, modId: 1.5 }] },
  'isDht as a string': { ...answer, rows: [{ ...work, isDht: '1' }] },
  'total as a string': { ...answer, total: '1' },
  'a fractional code': { ...answer, code: 200.5 },
  'no msg': { code: 200, rows: [], total: 0 },
  null: null,
  'an array': [],
  'a string': 'ok',
};

describe('the works list guard', () => {
  itJudgesAsTheSchema(worksListGuard, worksListResponse, samples);

  it('names where the answer went wrong', () => {
    expect(() => worksListGuard.parse({ ...answer, rows: [work, { ...work, number: 7 }] })).toThrow(
      'rows[1].number: expected a string',
    );
  });
});
