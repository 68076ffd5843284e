import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { checkTotp, isBackupCode, newBackupCode, newTotpSecret, normalizeCode } from './codes';
import { createSecretBox } from './secret-box';

describe('TOTP codes', () => {
  // RFC 6238's appendix B: the SHA-1 secret "12345678901234567890", at T = 59 s, 8 digits 94287082.
  it('agree with RFC 6238 (six digits of its SHA-1 vector)', async () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(await generate({ secret, epoch: 59 })).toBe('287082');
    expect(await checkTotp(secret, '287082', 0, 59)).toEqual({ kind: 'accepted', timeStep: 1 });
  });

  it('accept the step before and after now, refuse a used step, call an old one expired', async () => {
    const secret = newTotpSecret();
    const now = 1_800_000_015;
    const step = Math.floor(now / 30);
    const at = (offset: number) => generate({ secret, epoch: now + offset * 30 });
    expect(await checkTotp(secret, await at(-1), 0, now)).toEqual({ kind: 'accepted', timeStep: step - 1 });
    expect(await checkTotp(secret, await at(1), 0, now)).toEqual({ kind: 'accepted', timeStep: step + 1 });
    expect(await checkTotp(secret, await at(0), step, now)).toEqual({ kind: 'reused' });
    expect(await checkTotp(secret, await at(-5), 0, now)).toEqual({ kind: 'expired' });
    expect(await checkTotp(secret, await at(-40), 0, now)).toEqual({ kind: 'wrong' });
    expect(await checkTotp(secret, 'abcdef', 0, now)).toEqual({ kind: 'wrong' });
  });
});

describe('backup codes', () => {
  it('are ten characters without look-alikes, typed in any case, with or without the dash', () => {
    const code = newBackupCode();
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(code).not.toMatch(/[01ilo]/);
    expect(isBackupCode(normalizeCode(` ${code.toUpperCase()} `))).toBe(true);
    expect(isBackupCode(normalizeCode('123456'))).toBe(false);
  });
});

describe('the secret box', () => {
  const box = createSecretBox(Buffer.alloc(32, 1));

  it('opens what it sealed, for the same account only, and refuses an altered text', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', '42');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', '42')).not.toBe(sealed);
    expect(box.open(sealed, '42')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(() => box.open(sealed, '43')).toThrow();
    const altered = sealed.slice(0, -2) + (sealed.endsWith('AA') ? 'BB' : 'AA');
    expect(() => box.open(altered, '42')).toThrow();
    expect(() => createSecretBox(Buffer.alloc(32, 2)).open(sealed, '42')).toThrow();
  });

  it('hashes backup codes with its key, per account', () => {
    expect(box.codeHash('42', 'abcdefghjk')).toMatch(/^[0-9a-f]{64}$/);
    expect(box.codeHash('42', 'abcdefghjk')).not.toBe(box.codeHash('43', 'abcdefghjk'));
    expect(createSecretBox(Buffer.alloc(32, 2)).codeHash('42', 'abcdefghjk')).not.toBe(
      box.codeHash('42', 'abcdefghjk'),
    );
  });
});
