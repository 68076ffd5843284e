import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** The version of {@link SecretBox.seal}'s format, first in every sealed text. */
const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * What TWO_FACTOR_KEY does (decision 070): seals the TOTP secrets (AES-256-GCM, node:crypto),
 * each bound to its account, and keys the hashes of the backup codes, so that a copy of the
 * database without the key yields neither. Two keys are derived from it (HKDF-SHA256), one per
 * use, so neither use weakens the other.
 */
export interface SecretBox {
  /** `v1.` then base64url of IV, tag and ciphertext; `userId` is bound in as associated data. */
  seal(secret: string, userId: string): string;
  /** The secret back; throws when the text was altered, or sealed for another account or key. */
  open(sealed: string, userId: string): string;
  /** HMAC-SHA256 (hex) of a backup code of the account: what is stored of it. */
  codeHash(userId: string, code: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('TWO_FACTOR_KEY must be 32 bytes');
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), info, 32));
  const sealKey = derive('yingku two-factor secrets');
  const hashKey = derive('yingku two-factor backup codes');
  return {
    seal(secret, userId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      cipher.setAAD(Buffer.from(userId));
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${FORMAT}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
    },
    open(text, userId) {
      const [format, body] = text.split('.');
      if (format !== FORMAT || body === undefined) throw new Error('not a sealed two-factor secret');
      const bytes = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', sealKey, bytes.subarray(0, IV_BYTES), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(userId));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
    codeHash: (userId, code) => createHmac('sha256', hashKey).update(`${userId}:${code}`).digest('hex'),
  };
}
