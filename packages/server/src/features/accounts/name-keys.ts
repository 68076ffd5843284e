import { createHash } from 'node:crypto';

/**
 * What a deleted account keeps of its name (decision 069): a digest of its key, so the name stays
 * reserved — no one else can register it — while the database no longer says what it was.
 */
export function reservedNameKey(userNameKey: string): string {
  return `deleted:${createHash('sha256').update(userNameKey).digest('hex')}`;
}
