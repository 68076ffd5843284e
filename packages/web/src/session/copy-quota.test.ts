import { LIMITS } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import { copyDecision, endOfDay, parseCopyCount, readCopier } from './copy-quota';

const anonymous = { userId: null, levelId: 0 };
const member = { userId: '42', levelId: 1 };
const guest = { userId: '43', levelId: 0 };
const vip = { userId: '44', levelId: 2 };

describe('copyDecision (SPEC §6)', () => {
  it('lets an anonymous visitor copy 3 times a day, then asks to log in', () => {
    expect(LIMITS.anonymousCopiesPerDay).toBe(3);
    expect(copyDecision(0, anonymous)).toBe('allow');
    expect(copyDecision(2, anonymous)).toBe('allow');
    expect(copyDecision(3, anonymous)).toBe('login');
    expect(copyDecision(50, anonymous)).toBe('login');
  });

  it('caps a logged-in member with levelId 1 or lower at 100, then offers VIP', () => {
    for (const user of [member, guest]) {
      expect(copyDecision(3, user)).toBe('allow');
      expect(copyDecision(99, user)).toBe('allow');
      expect(copyDecision(100, user)).toBe('upgrade');
    }
  });

  it('does not cap a VIP', () => {
    expect(copyDecision(100, vip)).toBe('allow');
    expect(copyDecision(10_000, vip)).toBe('allow');
  });
});

describe('endOfDay', () => {
  it('is the next local midnight', () => {
    const end = endOfDay(new Date(2026, 10, 22, 15, 30));
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([
      2026, 10, 23, 0, 0,
    ]);
  });

  it('rolls over months and years', () => {
    expect(endOfDay(new Date(2026, 11, 31, 23, 59)).getTime()).toBe(new Date(2027, 0, 1).getTime());
  });
});

describe('parseCopyCount', () => {
  it('reads whole counts and treats anything else as none', () => {
    expect(parseCopyCount('2')).toBe(2);
    expect(parseCopyCount(undefined)).toBe(0);
    expect(parseCopyCount('abc')).toBe(0);
    expect(parseCopyCount('-1')).toBe(0);
    expect(parseCopyCount('1.5')).toBe(0);
  });
});

describe('readCopier', () => {
  const storage = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });

  it('is anonymous without a stored user id', () => {
    expect(readCopier(storage({}))).toEqual({ userId: null, levelId: 0 });
    expect(readCopier(undefined)).toEqual({ userId: null, levelId: 0 });
  });

  it('reads the user id and level the accounts feature stores', () => {
    expect(readCopier(storage({ userId: '7', levelId: '2' }))).toEqual({ userId: '7', levelId: 2 });
    expect(readCopier(storage({ userId: '7', levelId: 'x' }))).toEqual({ userId: '7', levelId: 0 });
  });
});
