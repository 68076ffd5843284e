import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

// The production profile (decision 073): NODE_ENV=production refuses the demo's settings.
const dir = mkdtempSync(path.join(tmpdir(), 'yingku-config-production-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const alipay = {
  ALIPAY_APP_ID: '2021000000000000',
  ALIPAY_PRIVATE_KEY: 'PRIVATE',
  ALIPAY_PUBLIC_KEY: 'PUBLIC',
};
/** Several servers on PostgreSQL with Alipay: every setting the profile asks for. */
const site = {
  NODE_ENV: 'production',
  DATA_DIR: dir,
  DATABASE_URL: 'postgres://u:p@db:5432/yingku',
  SIGN_SECRET: 'a-sign-secret-of-our-own',
  JWT_SECRET: 'j'.repeat(40),
  TWO_FACTOR_KEY: 'ab'.repeat(32),
  MEDIA_SIGNING_KEYS: `k1:${'m'.repeat(40)}`,
  METRICS_TOKEN: 'a-metrics-token-of-length',
  PUBLIC_URL: 'https://yk.example',
  ...alipay,
};

/** The settings the profile's refusal names, one per line of its message, in order. */
function refused(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const [head, ...lines] = (error as Error).message.split('\n');
    expect(head).toBe('Refused by the production profile (NODE_ENV=production):');
    return lines.map((line) => line.trim().split(':')[0]!);
  }
  throw new Error('loadConfig accepted the settings');
}

describe('loadConfig: the production profile', () => {
  it('accepts a production site, with neither demo data nor the sandbox', () => {
    const config = loadConfig(site);
    expect(config).toMatchObject({ profile: 'production', demoData: false, signSecret: site.SIGN_SECRET });
    expect(config.payments).toMatchObject({ sandbox: false, publicUrl: 'https://yk.example' });
    expect(config.payments.alipay).toBeDefined();
  });

  it('accepts one server on the embedded database with its secrets kept in DATA_DIR', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dir,
      SIGN_SECRET: site.SIGN_SECRET,
      METRICS_TOKEN: site.METRICS_TOKEN,
      DEMO_DATA: 'false',
      PAY_SANDBOX: 'false',
    });
    expect(config).toMatchObject({ profile: 'production', demoData: false, databaseUrl: undefined });
    expect(config.jwtSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each<[string, Record<string, string | undefined>]>([
    ['DEMO_DATA', { DEMO_DATA: 'true' }],
    ['SIGN_SECRET', { SIGN_SECRET: undefined }],
    ['SIGN_SECRET', { SIGN_SECRET: 'yingku-demo-sign-secret' }],
    ['JWT_SECRET', { JWT_SECRET: undefined }],
    ['TWO_FACTOR_KEY', { TWO_FACTOR_KEY: undefined }],
    ['MEDIA_SIGNING_KEYS', { MEDIA_SIGNING_KEYS: '' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'http://yk.example' }],
    ['PUBLIC_URL', { PUBLIC_URL: undefined }],
    ['PAY_SANDBOX', { PAY_SANDBOX: 'true' }],
    ['METRICS_TOKEN', { METRICS_TOKEN: undefined }],
  ])('refuses %s alone: %o', (name, change) => {
    expect(refused({ ...site, ...change })).toEqual([name]);
  });

  it('names each setting and its fix', () => {
    expect(() => loadConfig({ ...site, SIGN_SECRET: undefined })).toThrow(/openssl rand -hex 32/);
    expect(() => loadConfig({ ...site, PUBLIC_URL: 'http://yk.example' })).toThrow(
      /PUBLIC_URL: Alipay .*https:\/\//,
    );
    expect(() => loadConfig({ ...site, METRICS_TOKEN: undefined })).toThrow(/set METRICS_TOKEN/);
  });

  it('lists every refusal at once', () => {
    expect(refused({ NODE_ENV: 'production', DATA_DIR: dir, DATABASE_URL: site.DATABASE_URL })).toEqual([
      'SIGN_SECRET',
      'JWT_SECRET',
      'TWO_FACTOR_KEY',
      'MEDIA_SIGNING_KEYS',
      'METRICS_TOKEN',
    ]);
    expect(
      refused({
        ...site,
        DEMO_DATA: 'yes',
        PAY_SANDBOX: '1',
        PUBLIC_URL: 'http://yk.example',
        JWT_SECRET: '',
      }),
    ).toEqual(['DEMO_DATA', 'JWT_SECRET', 'PUBLIC_URL', 'PAY_SANDBOX']);
  });

  it('asks for https beside WeChat Pay too', () => {
    const wechat = {
      WECHAT_APP_ID: 'wx0000000000000000',
      WECHAT_MCH_ID: '1900000000',
      WECHAT_API_V3_KEY: 'k'.repeat(32),
      WECHAT_PRIVATE_KEY: 'CCCC',
      WECHAT_SERIAL_NO: 'SERIAL1',
      WECHAT_PUBLIC_KEY: 'DDDD',
      WECHAT_PUBLIC_KEY_ID: 'PUB_KEY_ID_1',
    };
    const noAlipay = { ...site, ALIPAY_APP_ID: '', ALIPAY_PRIVATE_KEY: '', ALIPAY_PUBLIC_KEY: '' };
    expect(loadConfig({ ...noAlipay, ...wechat }).payments.wechat).toBeDefined();
    expect(refused({ ...noAlipay, ...wechat, PUBLIC_URL: 'http://yk.example' })).toEqual(['PUBLIC_URL']);
    // No live provider: an http PUBLIC_URL is the operator's choice.
    expect(loadConfig({ ...noAlipay, PUBLIC_URL: 'http://yk.example' }).profile).toBe('production');
  });

  it('changes nothing outside production: the demo starts with no settings', () => {
    for (const NODE_ENV of [undefined, 'development', 'test', 'staging']) {
      const config = loadConfig({ NODE_ENV, DATA_DIR: dir });
      expect(config, NODE_ENV).toMatchObject({
        profile: 'development',
        demoData: true,
        signSecret: 'yingku-demo-sign-secret',
        metricsToken: undefined,
      });
      expect(config.payments.sandbox).toBe(true);
    }
  });
});
