import { hash, type Options, verify } from '@node-rs/argon2';

/**
 * argon2id with the parameters of DESIGN.md "Security model" (the OWASP minimum: 19 MiB, two
 * passes, one lane). `algorithm: 2` is argon2id; the package's enum is a `const enum`, which
 * isolated modules cannot import.
 */
export const PASSWORD_HASH_OPTIONS: Options = {
  algorithm: 2,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

/** The PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`) of a password, exactly as typed. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/**
 * The hash of a random password nobody knows (same parameters): verified in place of a real
 * hash for unknown user names, so the time taken does not tell whether a name exists.
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$2g+Sr0qD1TER+h/FZhzYjA$0z3TRcmi1w1Moy+VimlLirvsScSNo8+yApNU9I8prrY';

/** Whether `password` matches `stored`; always false (after the same work) without a stored hash. */
export async function checkPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (stored === undefined) {
    await verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash is a failed login, not a 500 that would tell the name exists.
    return false;
  }
}
