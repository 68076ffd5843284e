import { LIMITS } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import { copyDecision, type CopyQuotaDeps, copyUnderQuota, endOfDay, parseCopyCount } from './copy-quota';

describe('copyDecision (docs/product.md §6)', () => {
  it('lets an anonymous visitor copy 3 times a day, then asks to log in', () => {
    expect(LIMITS.anonymousCopiesPerDay).toBe(3);
    expect(copyDecision(0, false)).toBe('allow');
    expect(copyDecision(2, false)).toBe('allow');
    expect(copyDecision(3, false)).toBe('login');
    expect(copyDecision(50, false)).toBe('login');
  });

  it('asks the server whenever the browser holds a login, whatever the cookie says', () => {
    expect(copyDecision(0, true)).toBe('askServer');
    expect(copyDecision(3, true)).toBe('askServer');
    expect(copyDecision(500, true)).toBe('askServer');
  });
});

/** Deps whose every effect is recorded in `calls`. */
function fakeDeps(options: {
  session: boolean;
  copies?: number;
  server?: 'allowed' | 'capped' | 'fails';
  clipboard?: boolean;
}) {
  const calls: string[] = [];
  const deps: CopyQuotaDeps = {
    hasSession: () => options.session,
    copiesToday: () => options.copies ?? 0,
    askServer: async (hash) => {
      calls.push(`askServer ${hash}`);
      if (options.server === 'fails') throw new Error('403');
      return { allowed: options.server !== 'capped' };
    },
    // Like the real clipboard: the write starts at once, and lands only if allowed.
    copy: async (hash, allowed = Promise.resolve(true)) => {
      calls.push(`copy ${hash}`);
      const ok = await allowed;
      if (ok) calls.push(`written ${hash}`);
      return ok && (options.clipboard ?? true);
    },
    countCopy: () => calls.push('countCopy'),
    promptLogin: () => calls.push('promptLogin'),
    promptUpgrade: () => calls.push('promptUpgrade'),
  };
  return { deps, calls };
}

const HASH = 'a'.repeat(40);

describe('copyUnderQuota', () => {
  it('copies for an anonymous visitor under 3 and counts the copy in the cookie', async () => {
    const { deps, calls } = fakeDeps({ session: false, copies: 2 });
    expect(await copyUnderQuota(HASH, deps)).toBe('copied');
    expect(calls).toEqual([`copy ${HASH}`, `written ${HASH}`, 'countCopy']);
  });

  it('does not count an anonymous copy the clipboard refused', async () => {
    const { deps, calls } = fakeDeps({ session: false, clipboard: false });
    expect(await copyUnderQuota(HASH, deps)).toBe('notCopied');
    expect(calls).toEqual([`copy ${HASH}`, `written ${HASH}`]);
  });

  it('asks an anonymous visitor at 3 to log in and copies nothing', async () => {
    const { deps, calls } = fakeDeps({ session: false, copies: 3 });
    expect(await copyUnderQuota(HASH, deps)).toBe('login');
    expect(calls).toEqual(['promptLogin']);
  });

  it('asks the server for a login (even past 3 in the cookie), writing once it allows', async () => {
    const { deps, calls } = fakeDeps({ session: true, copies: 7, server: 'allowed' });
    expect(await copyUnderQuota(HASH, deps)).toBe('copied');
    expect(calls).toEqual([`askServer ${HASH}`, `copy ${HASH}`, `written ${HASH}`]);
  });

  it('starts the clipboard write in the same turn as the question, before any await', () => {
    const { deps, calls } = fakeDeps({ session: true, server: 'allowed' });
    void copyUnderQuota(HASH, deps);
    // Synchronously, inside the tap: iOS Safari drops a write begun after an await.
    expect(calls).toEqual([`askServer ${HASH}`, `copy ${HASH}`]);
  });

  it('offers the upgrade and writes nothing when the server says the cap is reached', async () => {
    const { deps, calls } = fakeDeps({ session: true, server: 'capped' });
    expect(await copyUnderQuota(HASH, deps)).toBe('upgrade');
    expect(calls).toEqual([`askServer ${HASH}`, `copy ${HASH}`, 'promptUpgrade']);
  });

  it('writes nothing when the server cannot be asked (the client shows why)', async () => {
    const { deps, calls } = fakeDeps({ session: true, server: 'fails' });
    expect(await copyUnderQuota(HASH, deps)).toBe('refused');
    expect(calls).toEqual([`askServer ${HASH}`, `copy ${HASH}`]);
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
