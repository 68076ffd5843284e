import type { StaffUserRow } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import { toggleRole, userChanges, userFormValues } from './user-form';

const user: StaffUserRow = {
  userId: '42',
  userName: 'someone',
  email: 'someone@example.com',
  levelId: 2,
  groupName: 'VIP会员',
  vipUntil: '2030-01-02 03:04:05',
  roles: ['member'],
  disabled: false,
  createTime: '2025-01-01 00:00:00',
  lastLoginTime: null,
};

describe('userChanges', () => {
  it('sends nothing when nothing changed', () => {
    expect(userChanges(user, userFormValues(user), true)).toBeNull();
  });

  it('sends a new VIP end, or null to end VIP', () => {
    expect(userChanges(user, { ...userFormValues(user), vipUntil: '2031-05-06T07:08' }, false)).toEqual({
      vipUntil: '2031-05-06 07:08:00',
    });
    expect(userChanges(user, { ...userFormValues(user), vipUntil: '' }, false)).toEqual({ vipUntil: null });
  });

  it('sends roles only for an admin, always keeping member', () => {
    const values = { ...userFormValues(user), roles: toggleRole(['member'], 'staff', true) };
    expect(userChanges(user, values, false)).toBeNull();
    expect(userChanges(user, values, true)).toEqual({ roles: ['member', 'staff'] });
    expect(userChanges(user, { ...values, roles: ['staff'] }, true)).toEqual({ roles: ['member', 'staff'] });
  });
});

describe('toggleRole', () => {
  it('adds and removes roles but never member', () => {
    expect(toggleRole(['member', 'staff'], 'staff', false)).toEqual(['member']);
    expect(toggleRole(['member'], 'member', false)).toEqual(['member']);
    expect(toggleRole(['member', 'staff'], 'admin', true)).toEqual(['member', 'staff', 'admin']);
  });
});
