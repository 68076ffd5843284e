import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/*
 * Alipay's key tool hands out keys as bare base64 (PKCS#1 or PKCS#8 for the private key, SPKI
 * for Alipay's public key), while people who made keys with openssl have PEM. alipay-sdk guesses
 * the PEM armour from a `keyType` flag and wraps bare base64 blindly, so a PKCS#1 PEM with the
 * wrong flag fails only at the first payment. We read the key once here, whatever its form, and
 * give the SDK one canonical PEM — a wrong key then stops the start with a clear message.
 */

/** Our application private key, from PEM or bare base64 (PKCS#8 or PKCS#1), as PKCS#8 PEM. */
export function alipayPrivateKeyPem(key: string, settingName: string): string {
  const object = readKey(key, settingName, {
    pem: (text) => createPrivateKey(text),
    der: [
      (der) => createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
      (der) => createPrivateKey({ key: der, format: 'der', type: 'pkcs1' }),
    ],
  });
  return object.export({ format: 'pem', type: 'pkcs8' }).toString();
}

/** Alipay's public key, from PEM (key or certificate) or bare base64 (SPKI or PKCS#1), as SPKI PEM. */
export function alipayPublicKeyPem(key: string, settingName: string): string {
  const object = readKey(key, settingName, {
    pem: (text) => createPublicKey(text),
    der: [
      (der) => createPublicKey({ key: der, format: 'der', type: 'spki' }),
      (der) => createPublicKey({ key: der, format: 'der', type: 'pkcs1' }),
    ],
  });
  return object.export({ format: 'pem', type: 'spki' }).toString();
}

interface KeyReaders {
  pem: (text: string) => KeyObject;
  /** Tried in order: bare base64 does not say which structure it holds. */
  der: Array<(der: Buffer) => KeyObject>;
}

function readKey(key: string, settingName: string, readers: KeyReaders): KeyObject {
  const trimmed = key.trim();
  let object: KeyObject | undefined;
  if (trimmed.startsWith('-----')) {
    object = attempt(() => readers.pem(trimmed));
  } else {
    const der = Buffer.from(trimmed.replace(/\s+/g, ''), 'base64');
    for (const read of readers.der) object ??= attempt(() => read(der));
  }
  // Never echo the key itself: this message ends up in logs.
  if (!object) throw new Error(`${settingName} is not a readable RSA key (PEM or base64)`);
  if (object.asymmetricKeyType !== 'rsa') throw new Error(`${settingName} must be an RSA key (RSA2)`);
  return object;
}

function attempt(read: () => KeyObject): KeyObject | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
