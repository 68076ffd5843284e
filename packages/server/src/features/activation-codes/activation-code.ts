import { createHash, randomBytes } from 'node:crypto';

/**
 * Crockford's base32 alphabet: digits and upper-case letters without I, L, O and U, so a code
 * read aloud or copied by hand has no look-alikes (and no accidental words).
 */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 26 characters of 5 bits: 130 bits of entropy, above the 128 the issue asks for. */
export const CODE_LENGTH = 26;

/** How the characters are grouped when shown: 4-4-4-4-5-5. */
const GROUPS = [4, 4, 4, 4, 5, 5] as const;

/**
 * A new activation code, e.g. `7KQ2-M9XD-0ZRT-4B8N-HV3PC-W1YJE`: 130 bits from the operating
 * system's random source, in Crockford base32, grouped with dashes for typing.
 */
export function generateCode(): string {
  // 17 bytes = 136 bits; the first 130 become the 26 characters.
  const bytes = randomBytes(17);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  bits >>= 6n;
  let plain = '';
  for (let i = 0; i < CODE_LENGTH; i++) {
    plain = CODE_ALPHABET[Number(bits & 31n)]! + plain;
    bits >>= 5n;
  }
  return groupCode(plain);
}

/** `ABCD…` as the groups people see: `ABCD-EFGH-…`. */
export function groupCode(plain: string): string {
  const parts: string[] = [];
  let at = 0;
  for (const size of GROUPS) {
    parts.push(plain.slice(at, at + size));
    at += size;
  }
  return parts.join('-');
}

/**
 * The code as it is stored (hashed) and looked up: upper case, without spaces or dashes, and
 * with the letters people type for Crockford's digits mapped to them (O → 0, I and L → 1).
 */
export function normaliseCode(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

/**
 * What the database keeps of a code: SHA-256 of its normal form, hex. Codes carry 130 random
 * bits, so a fast unsalted hash is enough — there is nothing to guess from it.
 */
export function hashCode(typed: string): string {
  return createHash('sha256').update(normaliseCode(typed)).digest('hex');
}

/** How many of a code's last characters are kept in the clear, for staff to tell codes apart. */
export const CODE_TAIL_LENGTH = 5;

/**
 * The code's last {@link CODE_TAIL_LENGTH} characters in normal form (`W1YJE` of `…-W1YJE`):
 * 25 of its 130 bits, so what is stored cannot be used to redeem it.
 */
export function codeTail(typed: string): string {
  return normaliseCode(typed).slice(-CODE_TAIL_LENGTH);
}
