import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { checkPassword, DUMMY_HASH, hashPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id m=19456 t=2 p=1 and a fresh salt each time', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await checkPassword(a, 'correct horse')).toBe(true);
    expect(await checkPassword(a, 'correct horse ')).toBe(false);
  });

  it('does the same work for an unknown user, whose answer is always false', async () => {
    const real = parseOptions(await hashPassword('x'));
    expect(parseOptions(DUMMY_HASH)).toEqual(real);
    expect(await checkPassword(undefined, 'anything')).toBe(false);
  });

  it('treats a malformed stored hash as a failed login', async () => {
    expect(await checkPassword('not-a-hash', 'anything')).toBe(false);
  });
});
