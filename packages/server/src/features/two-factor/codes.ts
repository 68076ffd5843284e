import { randomInt } from 'node:crypto';
import { TWO_FACTOR_LIMITS } from '@yingku/contract';
import { generateSecret, generateURI, verify } from 'otplib';

/**
 * TOTP (RFC 6238) through otplib (decision 070), as every authenticator app reads it: SHA-1,
 * TWO_FACTOR_LIMITS.digits digits, steps of TWO_FACTOR_LIMITS.periodSeconds, a 160-bit secret.
 * A code of the step before or after the current one is accepted (a clock a little off, a slow
 * hand); one of a step already used is refused, and one a few minutes off is called expired
 * (more likely a wrong phone clock than a guess).
 */
const PERIOD = TWO_FACTOR_LIMITS.periodSeconds;
/** How far off a matching code is still recognised, to be refused as expired. */
const EXPIRED_SECONDS = 10 * 60;

/** What a typed TOTP code came to; `timeStep` is RFC 6238's T of the code accepted. */
export type TotpCheck = { kind: 'accepted'; timeStep: number } | { kind: 'wrong' | 'reused' | 'expired' };

/** A new base32 secret of 20 random bytes (RFC 4226's recommended length). */
export const newTotpSecret = (): string => generateSecret();

/** The `otpauth://totp/…` URI an authenticator app scans (issuer and account name in its label). */
export function otpauthUri(issuer: string, accountName: string, secret: string): string {
  return generateURI({
    issuer,
    label: accountName,
    secret,
    digits: TWO_FACTOR_LIMITS.digits,
    period: PERIOD,
  });
}

/** Checks a six-digit code against the secret; `lastTimeStep` is the step of the last code accepted. */
export async function checkTotp(
  secret: string,
  code: string,
  lastTimeStep: number,
  epochSeconds: number = Math.floor(Date.now() / 1000),
): Promise<TotpCheck> {
  if (!isTotpCode(code)) return { kind: 'wrong' };
  const near = await verify({ secret, token: code, epoch: epochSeconds, epochTolerance: PERIOD });
  // The functional verify answers for HOTP too; a TOTP match always says its step.
  if (near.valid && 'timeStep' in near) {
    return near.timeStep > lastTimeStep ? { kind: 'accepted', timeStep: near.timeStep } : { kind: 'reused' };
  }
  const far = await verify({ secret, token: code, epoch: epochSeconds, epochTolerance: EXPIRED_SECONDS });
  return { kind: far.valid ? 'expired' : 'wrong' };
}

export const isTotpCode = (code: string): boolean =>
  new RegExp(`^\\d{${TWO_FACTOR_LIMITS.digits}}$`).test(code);

/** Backup codes: 10 characters of an alphabet without look-alikes (≈ 49 bits), as `abcde-fghjk`. */
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const BACKUP_LENGTH = 10;
const BACKUP_PATTERN = new RegExp(`^[${BACKUP_ALPHABET}]{${BACKUP_LENGTH}}$`);

export function newBackupCode(): string {
  const chars = Array.from(
    { length: BACKUP_LENGTH },
    () => BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)],
  );
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A code as typed, as it is compared: lower case, without spaces or dashes. */
export const normalizeCode = (typed: string): string => typed.toLowerCase().replace(/[\s-]/g, '');

export const isBackupCode = (code: string): boolean => BACKUP_PATTERN.test(code);
