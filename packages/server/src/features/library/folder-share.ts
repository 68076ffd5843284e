import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The key in a public folder's link (docs/product.md §2): an HMAC of its id under the server's own secret,
 * so a folder's page opens only from the link its owner shared, never by trying ids one after
 * another (folder ids are ordered, and folders were public by default before pages existed).
 */
export function folderShareKey(secret: string, folderId: string): string {
  return createHmac('sha256', secret).update(`collect-folder:${folderId}`).digest('base64url').slice(0, 22);
}

/** Whether `key` is the folder's share key, compared in constant time. */
export function isFolderShareKey(secret: string, folderId: string, key: string): boolean {
  const expected = Buffer.from(folderShareKey(secret, folderId));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
