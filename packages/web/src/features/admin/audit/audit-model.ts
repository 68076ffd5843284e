import {
  AUDIT_ACTION_NAMES,
  AUDIT_ACTIONS,
  AUDIT_FIELDS,
  AUDIT_OBJECTS,
  type AuditAction,
  type AuditObject,
  type AuditQuery,
} from '@yingku/contract';
import type { ListQuery } from '../../../api/admin';
import { fromDateTimeInput } from '../admin-model';
import type { SelectOption } from '../console-parts';
import { ADMIN_TEXT } from '../texts';
import { AUDIT_TEXT } from './texts';

/** 操作日志's filter form as typed: every field a string, the times datetime-local values. */
export interface AuditFilterForm {
  actor: string;
  action: string;
  objectType: string;
  objectId: string;
  from: string;
  to: string;
}

/** The filters as the list and the CSV send them (the contract's query without its paging). */
export type AuditFilter = Omit<ListQuery<AuditQuery>, 'pageNum' | 'pageSize'>;

export const EMPTY_AUDIT_FORM: AuditFilterForm = {
  actor: '',
  action: '',
  objectType: '',
  objectId: '',
  from: '',
  to: '',
};

const OBJECT_NAMES = Object.keys(AUDIT_OBJECTS) as AuditObject[];
const isAction = (key: string): key is AuditAction => (AUDIT_ACTION_NAMES as readonly string[]).includes(key);
const isObject = (key: string): key is AuditObject => (OBJECT_NAMES as readonly string[]).includes(key);

/**
 * The filters the form asks for, as the list and the CSV send them: blanks left out, the times
 * as the console's `YYYY-MM-DD HH:mm:ss`, the object's id only with its type (as the contract
 * reads it). A time typed oddly is passed on for the server to refuse with its message.
 */
export function auditFilterOf(form: AuditFilterForm): AuditFilter {
  const filter: AuditFilter = {};
  const actor = form.actor.trim();
  if (actor) filter.actor = actor;
  if (isAction(form.action)) filter.action = form.action;
  if (isObject(form.objectType)) {
    filter.objectType = form.objectType;
    const objectId = form.objectId.trim();
    if (objectId) filter.objectId = objectId;
  }
  const from = fromDateTimeInput(form.from);
  if (from) filter.from = from;
  const to = fromDateTimeInput(form.to);
  if (to) filter.to = to;
  return filter;
}

/** An action's name on the page (AUDIT_ACTIONS); one the console does not know yet, as recorded. */
export const auditActionLabel = (action: string): string =>
  isAction(action) ? AUDIT_ACTIONS[action] : action;

/** An object type's name on the page (AUDIT_OBJECTS); an unknown one as recorded. */
export const auditObjectLabel = (objectType: string): string =>
  isObject(objectType) ? AUDIT_OBJECTS[objectType] : objectType;

/** The 操作 select: 全部, then every action the log records. */
export const AUDIT_ACTION_OPTIONS: readonly SelectOption[] = [
  { value: '', label: ADMIN_TEXT.all },
  ...AUDIT_ACTION_NAMES.map((value) => ({ value, label: AUDIT_ACTIONS[value] })),
];

/** The 对象 select: 全部, then every kind of object. */
export const AUDIT_OBJECT_OPTIONS: readonly SelectOption[] = [
  { value: '', label: ADMIN_TEXT.all },
  ...OBJECT_NAMES.map((value) => ({ value, label: AUDIT_OBJECTS[value] })),
];

/** One changed field of an entry, as its detail shows it: the field's name, what it was and became. */
export interface AuditChange {
  field: string;
  /** The field's name on the page (AUDIT_FIELDS), or the field as recorded. */
  label: string;
  before: string;
  after: string;
}

/**
 * An entry's before and after (only the changed fields, either side null for a creation or a
 * removal) as rows of field, before, after: the fields in the order recorded, before's first.
 */
export function auditChanges(
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>> | null,
): AuditChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => ({
    field,
    label: Object.hasOwn(AUDIT_FIELDS, field) ? AUDIT_FIELDS[field]! : field,
    before: auditValueShown(before?.[field]),
    after: auditValueShown(after?.[field]),
  }));
}

/**
 * A recorded value as text: — for none, 是/否 for a flag, a list joined by commas, anything
 * else as its JSON. An empty text shows as "" (it is not the same as none).
 */
export function auditValueShown(value: unknown): string {
  if (value === null || value === undefined) return ADMIN_TEXT.none;
  if (typeof value === 'boolean') return value ? ADMIN_TEXT.yes : ADMIN_TEXT.no;
  if (typeof value === 'string') return value === '' ? AUDIT_TEXT.emptyText : value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) {
    return value.length > 0 ? value.join(', ') : '[]';
  }
  return JSON.stringify(value);
}

/** The CSV's name when the server's answer names none. */
export const AUDIT_CSV_NAME = 'audit-log.csv';
