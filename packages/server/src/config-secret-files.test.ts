import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

// Secrets as files, NAME_FILE (decision 073), as container platforms mount them.
const dir = mkdtempSync(path.join(tmpdir(), 'yingku-config-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const dataDir = path.join(dir, 'data');

let files = 0;
/** A file holding `content`, as a mounted secret. */
function secret(content: string): string {
  const file = path.join(dir, `secret-${++files}`);
  writeFileSync(file, content);
  return file;
}

function message(env: Record<string, string | undefined>): string {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the settings');
}

describe('loadConfig: NAME_FILE', () => {
  it('reads the value from the file, its trailing line break trimmed', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET_FILE: secret(`${'j'.repeat(40)}\n`),
      SIGN_SECRET_FILE: secret('sign-secret-from-a-file\r\n'),
      TWO_FACTOR_KEY_FILE: secret('ab'.repeat(32)),
      DATABASE_URL_FILE: secret('postgres://u:p@db:5432/yingku\n'),
      REDIS_URL_FILE: secret('redis://:p@cache:6379\n'),
      METRICS_TOKEN_FILE: secret('a-metrics-token-of-length\n'),
      BACKUP_KEY_FILE: secret('a-backup-passphrase-in-a-file\n'),
    });
    expect(config.backup.key).toBe('a-backup-passphrase-in-a-file');
    expect(config).toMatchObject({
      jwtSecret: 'j'.repeat(40),
      signSecret: 'sign-secret-from-a-file',
      twoFactorKey: Buffer.from('ab'.repeat(32), 'hex'),
      databaseUrl: 'postgres://u:p@db:5432/yingku',
      redis: { url: 'redis://:p@cache:6379' },
      metricsToken: 'a-metrics-token-of-length',
    });
  });

  it('reaches the payment, mail and media settings, keeping the line breaks inside a PEM key', () => {
    const pem = '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n';
    const config = loadConfig({
      DATA_DIR: dataDir,
      ALIPAY_APP_ID: '2021000000000000',
      ALIPAY_PRIVATE_KEY_FILE: secret(pem),
      ALIPAY_PUBLIC_KEY_FILE: secret('BBBB\n'),
      SMTP_URL_FILE: secret('smtps://u:p@mail.example:465\n'),
      MEDIA_S3_BUCKET: 'yingku-media',
      MEDIA_S3_ACCESS_KEY_ID: 'AKID',
      MEDIA_S3_SECRET_ACCESS_KEY_FILE: secret('s3-secret\n'),
      MEDIA_SIGNING_KEYS_FILE: secret(`k1:${'m'.repeat(40)}\n`),
    });
    expect(config.payments.alipay).toMatchObject({ privateKey: pem.trimEnd(), alipayPublicKey: 'BBBB' });
    expect(config.mail.smtpUrl).toBe('smtps://u:p@mail.example:465');
    expect(config.media.s3?.secretAccessKey).toBe('s3-secret');
    expect(config.media.signingKeys).toEqual([{ id: 'k1', secret: 'm'.repeat(40) }]);
  });

  it('refuses NAME and NAME_FILE both, but takes an empty NAME as unset', () => {
    const file = secret('j'.repeat(40));
    expect(message({ JWT_SECRET: 'k'.repeat(40), JWT_SECRET_FILE: file })).toContain(
      'JWT_SECRET and JWT_SECRET_FILE are both set',
    );
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: '', JWT_SECRET_FILE: file }).jwtSecret).toBe(
      'j'.repeat(40),
    );
  });

  it('refuses a missing, unreadable or empty file, naming the variable and the path', () => {
    const missing = path.join(dir, 'no-such-secret');
    const folder = path.join(dir, 'a-folder');
    mkdirSync(folder);
    const empty = secret('\n');
    const text = message({ JWT_SECRET_FILE: missing, SMTP_URL_FILE: folder, METRICS_TOKEN_FILE: empty });
    expect(text.split('\n')).toEqual([
      'Invalid configuration:',
      `  METRICS_TOKEN_FILE: ${empty} is empty`,
      `  JWT_SECRET_FILE: cannot read ${missing} (ENOENT)`,
      `  SMTP_URL_FILE: cannot read ${folder} (EISDIR)`,
    ]);
  });

  it('names a wrong value read from a file without showing it', () => {
    const text = message({
      JWT_SECRET_FILE: secret('too-short-secret\n'),
      DATABASE_URL_FILE: secret('mysql://u:pw@h'),
    });
    expect(text).toMatch(/JWT_SECRET/);
    expect(text).toMatch(/DATABASE_URL/);
    expect(text).not.toContain('too-short-secret');
    expect(text).not.toContain('pw@h');
  });

  it('refuses NAME_FILE for a setting that is not read from a file', () => {
    expect(message({ PUBLIC_URL_FILE: secret('https://yk.example') })).toContain(
      'PUBLIC_URL_FILE: PUBLIC_URL is not read from a file; set PUBLIC_URL itself',
    );
  });
});
