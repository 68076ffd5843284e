import {
  ENTITY_MATCH_KINDS,
  type EntityMatch,
  MOD_NAMES,
  type ModName,
  type Suggestions,
  type WorkSuggestion,
} from '@yingku/contract';
import { fail, integer, isObject, text } from './guards';
import type { ResponseSchema } from './request';

/** GET /v2/search/entities's answer. */
export interface EntitySearchAnswer {
  code: number;
  msg: string;
  rows: EntityMatch[];
  total: number;
}

/** GET /v2/search/suggest's answer. */
export interface SuggestAnswer {
  code: number;
  msg: string;
  data: Suggestions;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], where: string): T {
  return allowed.includes(value as T) ? (value as T) : fail(where, allowed.join(' or '));
}

const modName = (value: unknown, where: string): ModName => oneOf(value, MOD_NAMES, where);

function work(value: unknown, where: string): WorkSuggestion {
  if (!isObject(value)) fail(where, 'an object');
  return {
    id: text(value.id, `${where}.id`),
    modName: modName(value.modName, `${where}.modName`),
    number: text(value.number, `${where}.number`),
    title: text(value.title, `${where}.title`),
  };
}

function entity(value: unknown, where: string): EntityMatch {
  if (!isObject(value)) fail(where, 'an object');
  return {
    kind: oneOf(value.kind, ENTITY_MATCH_KINDS, `${where}.kind`),
    id: text(value.id, `${where}.id`),
    name: text(value.name, `${where}.name`),
    nameCn: value.nameCn === null ? null : text(value.nameCn, `${where}.nameCn`),
    modName: modName(value.modName, `${where}.modName`),
    count: integer(value.count, `${where}.count`),
  };
}

function list<T>(value: unknown, item: (value: unknown, where: string) => T, where: string): T[] {
  if (!Array.isArray(value)) fail(where, 'an array');
  return value.map((one, i) => item(one, `${where}[${i}]`));
}

/**
 * The search's answers checked by hand rather than with the contract's zod schemas
 * (`suggestResponse`, `entitySearchResponse`): the search box is on /index and the search page is
 * a first screen, neither of which loads zod (decision 018). They judge as those schemas do
 * (search-guards.test.ts holds each beside its schema).
 */
export const suggestGuard: ResponseSchema<SuggestAnswer> = {
  parse(answer) {
    if (!isObject(answer)) fail('answer', 'an object');
    if (!isObject(answer.data)) fail('data', 'an object');
    return {
      code: integer(answer.code, 'code'),
      msg: text(answer.msg, 'msg'),
      data: {
        works: list(answer.data.works, work, 'data.works'),
        entities: list(answer.data.entities, entity, 'data.entities'),
      },
    };
  },
};

export const entitySearchGuard: ResponseSchema<EntitySearchAnswer> = {
  parse(answer) {
    if (!isObject(answer)) fail('answer', 'an object');
    return {
      code: integer(answer.code, 'code'),
      msg: text(answer.msg, 'msg'),
      rows: list(answer.rows, entity, 'rows'),
      total: integer(answer.total, 'total'),
    };
  },
};
