import {
  AUDIT_ACTION_NAMES,
  AUDIT_ACTIONS,
  AUDIT_FIELDS,
  AUDIT_OBJECTS,
  auditFilter,
} from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '../texts';
import {
  AUDIT_ACTION_OPTIONS,
  AUDIT_OBJECT_OPTIONS,
  auditActionLabel,
  auditChanges,
  auditFilterOf,
  auditObjectLabel,
  auditValueShown,
  EMPTY_AUDIT_FORM,
} from './audit-model';
import { AUDIT_TEXT } from './texts';

describe('auditFilterOf', () => {
  it('sends nothing for an empty form', () => {
    expect(auditFilterOf(EMPTY_AUDIT_FORM)).toEqual({});
  });

  it('trims, converts the times and keeps known actions and objects', () => {
    const filter = auditFilterOf({
      actor: ' boss ',
      action: 'user.vip',
      objectType: 'user',
      objectId: ' 42 ',
      from: '2025-03-01T00:00',
      to: '2025-03-02T12:30:15',
    });
    expect(filter).toEqual({
      actor: 'boss',
      action: 'user.vip',
      objectType: 'user',
      objectId: '42',
      from: '2025-03-01 00:00:00',
      to: '2025-03-02 12:30:15',
    });
    // What the server's own filter accepts, unchanged.
    expect(auditFilter.parse(filter)).toEqual(filter);
  });

  it('drops an object id without its type, and unknown choices', () => {
    expect(auditFilterOf({ ...EMPTY_AUDIT_FORM, objectId: '42' })).toEqual({});
    expect(auditFilterOf({ ...EMPTY_AUDIT_FORM, action: 'user.delete', objectType: 'planet' })).toEqual({});
  });
});

describe('labels', () => {
  it('names actions and objects as the contract does, unknown ones as recorded', () => {
    expect(auditActionLabel('codes.mint')).toBe(AUDIT_ACTIONS['codes.mint']);
    expect(auditActionLabel('future.thing')).toBe('future.thing');
    expect(auditObjectLabel('codeBatch')).toBe(AUDIT_OBJECTS.codeBatch);
    expect(auditObjectLabel('toString')).toBe('toString');
  });

  it('offers 全部 and then every action and object in the selects', () => {
    expect(AUDIT_ACTION_OPTIONS[0]).toEqual({ value: '', label: ADMIN_TEXT.all });
    expect(AUDIT_ACTION_OPTIONS.slice(1).map((option) => option.value)).toEqual(AUDIT_ACTION_NAMES);
    expect(AUDIT_OBJECT_OPTIONS.slice(1)).toContainEqual({ value: 'user', label: AUDIT_OBJECTS.user });
    expect(AUDIT_OBJECT_OPTIONS).toHaveLength(Object.keys(AUDIT_OBJECTS).length + 1);
  });
});

describe('auditChanges', () => {
  it('pairs each changed field’s before and after', () => {
    expect(
      auditChanges({ vipUntil: '2030-01-02 03:04:05', levelId: 2 }, { vipUntil: null, levelId: 1 }),
    ).toEqual([
      {
        field: 'vipUntil',
        label: AUDIT_FIELDS.vipUntil,
        before: '2030-01-02 03:04:05',
        after: ADMIN_TEXT.none,
      },
      { field: 'levelId', label: AUDIT_FIELDS.levelId, before: '2', after: '1' },
    ]);
  });

  it('shows a creation (no before) and fields only one side has', () => {
    expect(auditChanges(null, { name: '年卡', status: 0 })).toEqual([
      { field: 'name', label: AUDIT_FIELDS.name, before: ADMIN_TEXT.none, after: '年卡' },
      { field: 'status', label: AUDIT_FIELDS.status, before: ADMIN_TEXT.none, after: '0' },
    ]);
    expect(auditChanges({ status: 0 }, { status: 1, replyLength: 12 })).toEqual([
      { field: 'status', label: AUDIT_FIELDS.status, before: '0', after: '1' },
      { field: 'replyLength', label: AUDIT_FIELDS.replyLength, before: ADMIN_TEXT.none, after: '12' },
    ]);
  });

  it('names a field the console does not know, and no inherited key, as recorded', () => {
    expect(auditChanges(null, { constructor: 1, shelf: 'B2' })).toEqual([
      { field: 'constructor', label: 'constructor', before: ADMIN_TEXT.none, after: '1' },
      { field: 'shelf', label: 'shelf', before: ADMIN_TEXT.none, after: 'B2' },
    ]);
  });

  it('has no rows for an entry that recorded none', () => {
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges({}, {})).toEqual([]);
  });
});

describe('auditValueShown', () => {
  it('shows flags, lists, empty texts and nested values readably', () => {
    expect(auditValueShown(true)).toBe(ADMIN_TEXT.yes);
    expect(auditValueShown(false)).toBe(ADMIN_TEXT.no);
    expect(auditValueShown(['member', 'support'])).toBe('member, support');
    expect(auditValueShown([])).toBe('[]');
    expect(auditValueShown('')).toBe(AUDIT_TEXT.emptyText);
    expect(auditValueShown({ a: 1 })).toBe('{"a":1}');
    expect(auditValueShown(undefined)).toBe(ADMIN_TEXT.none);
  });
});
