import { entitySearchResponse, suggestResponse } from '@yingku/contract';
import { describe } from 'vitest';
import { itJudgesAsTheSchema } from './guard-parity';
import { entitySearchGuard, suggestGuard } from './search-guards';

const work = { id: '1790000000000000001', modName: 'censored', number: 'ABC-001', title: '标题' };
const entity = {
  kind: 'performer',
  id: '15',
  name: 'あおぞら星奈',
  nameCn: '青空星奈',
  modName: 'uncensored',
  count: 3,
};
const answer = { code: 200, msg: '查询成功', data: { works: [work], entities: [entity] } };

/** Answers the server might send, good and bad; the guard must judge each as the zod schema does. */
const samples: Record<string, unknown> = {
  'works and names': answer,
  'nothing found': { ...answer, data: { works: [], entities: [] } },
  'a name with no Chinese name': { ...answer, data: { works: [], entities: [{ ...entity, nameCn: null }] } },
  'extra fields (dropped)': {
    ...answer,
    extra: 1,
    data: { works: [{ ...work, extra: 1 }], entities: [{ ...entity, extra: 1 }], extra: 1 },
  },
  'no data': { code: 200, msg: '' },
  'data null': { ...answer, data: null },
  'works missing': { ...answer, data: { entities: [] } },
  'an unknown channel': { ...answer, data: { works: [{ ...work, modName: 'amateur' }], entities: [] } },
  'an unknown kind': { ...answer, data: { works: [], entities: [{ ...entity, kind: 'studio' }] } },
  'nameCn missing': { ...answer, data: { works: [], entities: [{ ...entity, nameCn: undefined }] } },
  'a fractional count': { ...answer, data: { works: [], entities: [{ ...entity, count: 1.5 }] } },
  'a numeric id': { ...answer, data: { works: [{ ...work, id: 1 }], entities: [] } },
  null: null,
  'a string': 'ok',
};

describe('the suggestions guard', () => {
  itJudgesAsTheSchema(suggestGuard, suggestResponse, samples);
});

const matches = { code: 200, msg: '查询成功', rows: [entity], total: 1 };

describe('the entity search guard', () => {
  itJudgesAsTheSchema(entitySearchGuard, entitySearchResponse, {
    'names found': matches,
    'none found': { ...matches, rows: [], total: 0 },
    'extra fields (dropped)': { ...matches, extra: 1, rows: [{ ...entity, extra: 1 }] },
    'no rows': { code: 200, msg: '', total: 0 },
    'rows not an array': { ...matches, rows: {} },
    'a null row': { ...matches, rows: [null] },
    'an unknown kind': { ...matches, rows: [{ ...entity, kind: 'studio' }] },
    'total as a string': { ...matches, total: '1' },
    null: null,
  });
});
