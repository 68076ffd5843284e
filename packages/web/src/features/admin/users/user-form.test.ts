import { permissionsOf, STAFF_MSG, type StaffUserRow } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import {
  canEditUser,
  reasonProblem,
  toggleRole,
  userChanges,
  userControls,
  userFormValues,
} from './user-form';

/** A user row as the list answers it; `overrides` for the case at hand. */
const buildUser = (overrides: Partial<StaffUserRow> = {}): StaffUserRow => ({
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
  ...overrides,
});
const user = buildUser();
const everything = { vip: true, roles: true };

describe('userChanges', () => {
  it('sends nothing when nothing changed', () => {
    expect(userChanges(user, userFormValues(user), everything)).toBeNull();
  });

  it('sends a new VIP end with its reason, or null to end VIP', () => {
    const values = { ...userFormValues(user), vipUntil: '2031-05-06T07:08', reason: ' 补偿 ' };
    expect(userChanges(user, values, everything)).toEqual({
      vipUntil: '2031-05-06 07:08:00',
      reason: '补偿',
    });
    expect(userChanges(user, { ...values, vipUntil: '' }, everything)).toEqual({
      vipUntil: null,
      reason: '补偿',
    });
  });

  it('sends no reason without a VIP change', () => {
    expect(userChanges(user, { ...userFormValues(user), reason: '随便' }, everything)).toBeNull();
  });

  it('sends only what the caller may change', () => {
    const values = { ...userFormValues(user), vipUntil: '', roles: toggleRole(['member'], 'support', true) };
    expect(userChanges(user, values, { vip: false, roles: false })).toBeNull();
    expect(userChanges(user, values, { vip: false, roles: true })).toEqual({ roles: ['member', 'support'] });
    expect(userChanges(user, values, { vip: true, roles: false })).toEqual({ vipUntil: null, reason: '' });
  });

  it('always keeps member among the roles', () => {
    const values = { ...userFormValues(user), roles: ['finance' as const] };
    expect(userChanges(user, values, everything)).toEqual({ roles: ['member', 'finance'] });
  });
});

describe('reasonProblem', () => {
  it('asks for a reason with a VIP change only, with the contract’s message', () => {
    expect(reasonProblem({ vipUntil: null, reason: '' })).toBe(STAFF_MSG.reasonRequired);
    expect(reasonProblem({ vipUntil: '2031-05-06 07:08:00', reason: 'x'.repeat(201) })).toBe(
      STAFF_MSG.reasonRequired,
    );
    expect(reasonProblem({ vipUntil: null, reason: '用户申请退款' })).toBeUndefined();
    expect(reasonProblem({ roles: ['member', 'support'] })).toBeUndefined();
  });
});

describe('userControls', () => {
  const staffMember = buildUser({ userId: '7', roles: ['member', 'support'] });
  const controlsOf = (roles: string[], target = user, selfId = '1') =>
    userControls(permissionsOf(roles), target, selfId);

  it('gives 客服 disable and the reset link, not VIP or roles', () => {
    expect(controlsOf(['member', 'support'])).toEqual({
      vip: false,
      roles: false,
      disable: true,
      resetLink: true,
      twoFactorReset: false,
    });
  });

  it('gives 财务 the VIP end only', () => {
    expect(controlsOf(['member', 'finance'])).toEqual({
      vip: true,
      roles: false,
      disable: false,
      resetLink: false,
      twoFactorReset: false,
    });
  });

  it('gives an admin everything but disabling itself', () => {
    expect(controlsOf(['member', 'admin'])).toEqual({
      vip: true,
      roles: true,
      disable: true,
      resetLink: true,
      twoFactorReset: true,
    });
    const self = controlsOf(['member', 'admin'], buildUser({ userId: '1' }), '1');
    expect([self.disable, self.twoFactorReset]).toEqual([false, false]);
  });

  it('leaves a colleague’s account to those who manage staff', () => {
    expect(controlsOf(['member', 'support'], staffMember).disable).toBe(false);
    expect(controlsOf(['member', 'admin'], staffMember).disable).toBe(true);
  });

  it('offers 编辑 only when the dialog has something to change', () => {
    expect(canEditUser(controlsOf(['member', 'content']))).toBe(false);
    expect(canEditUser(controlsOf(['member', 'finance']))).toBe(true);
    expect(canEditUser(controlsOf(['member', 'support'], staffMember))).toBe(false);
  });
});

describe('toggleRole', () => {
  it('adds and removes roles but never member', () => {
    expect(toggleRole(['member', 'support'], 'support', false)).toEqual(['member']);
    expect(toggleRole(['member'], 'member', false)).toEqual(['member']);
    expect(toggleRole(['member', 'content'], 'admin', true)).toEqual(['member', 'content', 'admin']);
  });
});
