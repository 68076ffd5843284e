/**
 * Per-call rules of docs/product.md §7 that depend only on the call itself: which calls carry the app id,
 * the bearer header, and the duplicate-write guard of docs/product.md §5.
 */

/** Path prefixes of the auth, order and message calls: they carry `appId` (docs/product.md §7). */
export const APP_ID_PATH_PREFIXES = ['/v2/user', '/v2/orders', '/v2/message'] as const;

/**
 * Whether a call sends the application id: its path is one of {@link APP_ID_PATH_PREFIXES} or
 * lies under one, segment-wise (`/v2/message/list` does, `/v2/messages` would not).
 */
export function needsAppId(path: string): boolean {
  const pathname = path.split('?')[0] ?? '';
  return APP_ID_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** The `Authorization` header of a stored token, or none. */
export function bearerHeader(token: string | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

export interface DuplicateWriteGuard {
  /**
   * Records a write about to be sent and says whether it may go: false when the identical write
   * (same method, URL and body) was sent less than the window ago.
   */
  admit(method: string, url: string, body: string): boolean;
}

/**
 * docs/product.md §5: an identical POST or PUT to the same URL within `windowMs` is refused on the client.
 * The window runs from the last identical write that was sent; a refused one does not extend it.
 */
export function createDuplicateWriteGuard(
  windowMs: number,
  now: () => number = Date.now,
): DuplicateWriteGuard {
  const sentAt = new Map<string, number>();
  return {
    admit(method, url, body) {
      const time = now();
      for (const [key, at] of sentAt) if (time - at >= windowMs) sentAt.delete(key);
      const key = `${method} ${url}\n${body}`;
      if (sentAt.has(key)) return false;
      sentAt.set(key, time);
      return true;
    },
  };
}
