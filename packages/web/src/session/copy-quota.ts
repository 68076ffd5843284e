import { type CopyQuota, LIMITS } from '@yingku/contract';
import Cookies from 'js-cookie';

/** Cookie holding today's magnet copies (docs/product.md §6: it lasts until the end of the day). */
export const COPY_COUNT_COOKIE = 'magnetCopyCount';

/**
 * What a copy attempt may do: go ahead, ask an anonymous visitor to log in, or (with a login in
 * this browser) ask the server, which counts the copies of every device.
 */
export type CopyDecision = 'allow' | 'login' | 'askServer';

/**
 * docs/product.md §6 and §9 before anything is copied. A browser holding a login asks the server (the 100
 * a day of a non-VIP hold across devices; a VIP has no cap). An anonymous visitor gets 3 copies
 * a day, counted in a cookie: `copiesToday` is the copies already made.
 */
export function copyDecision(copiesToday: number, hasSession: boolean): CopyDecision {
  if (hasSession) return 'askServer';
  return copiesToday >= LIMITS.anonymousCopiesPerDay ? 'login' : 'allow';
}

/** What copying a magnet needs: the session, the counters, the clipboard and the two prompts. */
export interface CopyQuotaDeps {
  hasSession(): boolean;
  /** Copies this browser made today (the anonymous cookie). */
  copiesToday(): number;
  /** POST /v2/user/copy: records the copy if allowed. Rejects when the call failed. */
  askServer(infoHash: string): Promise<Pick<CopyQuota, 'allowed'>>;
  /**
   * Copies the magnet link, starting the clipboard write at once (inside the user's tap) and
   * handing it the text only if `allowed` resolves true. Resolves whether it was copied.
   */
  copy(infoHash: string, allowed?: Promise<boolean>): Promise<boolean>;
  /** Counts one anonymous copy in the cookie. */
  countCopy(): void;
  promptLogin(): void;
  promptUpgrade(): void;
}

/** How a copy attempt ended; `refused` when the server could not be asked (its error is shown). */
export type CopyOutcome = 'copied' | 'notCopied' | 'login' | 'upgrade' | 'refused';

/**
 * Copies a magnet under the daily quota (docs/product.md §6). An anonymous copy is counted only when it
 * succeeded; a logged-in one is counted by the server as it allows it. For a logged-in user the
 * clipboard write starts in the same turn as the question to the server, before any await (iOS
 * Safari drops a write begun after one), and gets the link only if the server allows the copy.
 */
export async function copyUnderQuota(infoHash: string, deps: CopyQuotaDeps): Promise<CopyOutcome> {
  const decision = copyDecision(deps.copiesToday(), deps.hasSession());
  if (decision === 'login') {
    deps.promptLogin();
    return 'login';
  }
  if (decision === 'askServer') {
    const answer = deps.askServer(infoHash).then(
      (quota) => (quota.allowed ? ('allowed' as const) : ('capped' as const)),
      () => 'failed' as const,
    );
    const copying = deps.copy(
      infoHash,
      answer.then((a) => a === 'allowed'),
    );
    const [outcome, copied] = await Promise.all([answer, copying]);
    if (outcome === 'failed') return 'refused';
    if (outcome === 'capped') {
      deps.promptUpgrade();
      return 'upgrade';
    }
    return copied ? 'copied' : 'notCopied';
  }
  if (!(await deps.copy(infoHash))) return 'notCopied';
  deps.countCopy();
  return 'copied';
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
