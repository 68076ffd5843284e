import { LIMITS } from '@yingku/contract';
import Cookies from 'js-cookie';

/** Cookie holding today's magnet copies (SPEC §6: it lasts until the end of the day). */
export const COPY_COUNT_COOKIE = 'magnetCopyCount';

/** Who is copying: a user id when logged in, and the membership level (SPEC §3). */
export interface Copier {
  userId: string | null;
  /** 0 guest, 1 member, above 1 VIP. */
  levelId: number;
}

/**
 * What a copy attempt may do: go ahead, ask an anonymous visitor to log in, or ask a member
 * past the daily cap to upgrade.
 */
export type CopyDecision = 'allow' | 'login' | 'upgrade';

/**
 * SPEC §6 and §9: an anonymous visitor gets 3 copies a day, a logged-in member with levelId 1
 * or lower 100, a VIP (levelId above 1) has no cap. `copiesToday` counts the copies already made.
 */
export function copyDecision(copiesToday: number, copier: Copier): CopyDecision {
  if (!copier.userId) return copiesToday >= LIMITS.anonymousCopiesPerDay ? 'login' : 'allow';
  if (copier.levelId <= 1) return copiesToday >= LIMITS.memberCopiesPerDay ? 'upgrade' : 'allow';
  return 'allow';
}

/** The next local midnight: when today's count expires. */
export function endOfDay(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
}

/** A stored count as a number of copies; anything unreadable counts as none. */
export function parseCopyCount(raw: string | undefined): number {
  const count = Number(raw);
  return Number.isInteger(count) && count > 0 ? count : 0;
}

/** Magnet copies made today in this browser. */
export function readCopyCount(): number {
  return parseCopyCount(Cookies.get(COPY_COUNT_COOKIE));
}

/** Counts one more magnet copy; the cookie expires at the end of the day. */
export function recordCopy(now = new Date()): number {
  const next = readCopyCount() + 1;
  Cookies.set(COPY_COUNT_COOKIE, String(next), { expires: endOfDay(now), sameSite: 'Lax' });
  return next;
}

/** Storage keys the accounts feature fills on login (user id and membership level). */
export const USER_ID_KEY = 'userId';
export const LEVEL_ID_KEY = 'levelId';

/**
 * The visitor as the quota sees them. There are no accounts yet, so everyone is anonymous:
 * the accounts issue stores the user id and level under these keys (or replaces this function
 * with its session store), and the quota follows without further change.
 */
export function readCopier(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): Copier {
  const userId = storage?.getItem(USER_ID_KEY)?.trim() || null;
  const levelId = Number(storage?.getItem(LEVEL_ID_KEY) ?? 0);
  return { userId, levelId: Number.isFinite(levelId) ? levelId : 0 };
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
