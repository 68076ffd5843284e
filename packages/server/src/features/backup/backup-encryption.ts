import { open } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { Duplex, Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter } from 'age-encryption';

// Encrypted archives are age files (decision 077): a
// passphrase through scrypt, the payload in authenticated 64 KiB chunks with the last one marked,
// so a damaged, cut or lengthened archive fails before anything it holds is put in place; and
// an operator can open one without this code: `age -d -o backup.tar.gz backup.tar.gz.age`.

/** What every age file starts with; a plain archive starts with gzip's magic. */
const AGE_MAGIC = Buffer.from('age-encryption.org/v1\n', 'ascii');

/** An encrypted archive that cannot be opened: its message names the cause for the operator. */
export class ArchiveKeyError extends Error {}

/**
 * A stream that encrypts what goes through it under `passphrase`. The key is derived (scrypt,
 * about two seconds) before this resolves, so a caller holding the database does it first.
 */
export async function encryptingStream(passphrase: string): Promise<Duplex> {
  const plain = new TransformStream<Uint8Array, Uint8Array>();
  const encrypter = new Encrypter();
  encrypter.setPassphrase(passphrase);
  const sealed = await encrypter.encrypt(plain.readable);
  return Duplex.fromWeb({ writable: plain.writable, readable: sealed as WebReadableStream<Uint8Array> });
}

/** Whether `file` is an age file (encrypted) rather than a plain archive. */
export async function isEncryptedArchive(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const start = Buffer.alloc(AGE_MAGIC.length);
    const { bytesRead } = await handle.read(start, 0, AGE_MAGIC.length, 0);
    return bytesRead === AGE_MAGIC.length && start.equals(AGE_MAGIC);
  } finally {
    await handle.close();
  }
}

/**
 * The plain bytes of the encrypted archive `file`. The passphrase is checked before this
 * resolves (a wrong one is refused with nothing read past the header); a damaged chunk, or an
 * archive cut short, fails the stream when it is reached.
 */
export async function decryptedArchive(file: string, passphrase: string | undefined): Promise<Readable> {
  if (!passphrase) {
    throw new ArchiveKeyError(
      `${file} is encrypted: set BACKUP_KEY (or BACKUP_KEY_FILE) to the passphrase it was made with`,
    );
  }
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  let plain: ReadableStream<Uint8Array>;
  try {
    plain = await decrypter.decrypt(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>);
  } catch (error) {
    const message = (error as Error).message;
    if (/no identity matched/.test(message)) {
      throw new ArchiveKeyError(`BACKUP_KEY does not open ${file}: it was encrypted with another passphrase`);
    }
    throw new ArchiveKeyError(`${file} is not a readable encrypted backup: ${message}`);
  }
  return Readable.fromWeb(plain as WebReadableStream<Uint8Array>);
}
