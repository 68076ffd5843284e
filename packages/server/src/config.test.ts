import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dirs: string[] = [];
function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'yingku-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      redis: undefined,
      imageHost: '/img',
      captchaEnabled: true,
      demoData: true,
      demoVideos: true,
      trustProxy: false,
    });
    expect(config.jwtSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads TRUST_PROXY as a flag, a hop count or addresses, and refuses anything else', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8,127.0.0.1',
    );
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('generates JWT_SECRET once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    const given = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: given }).jwtSecret).toBe(given);
  });

  it('reads TWO_FACTOR_KEY as hex or base64 of 32 bytes, or keeps a generated one in DATA_DIR', () => {
    const dir = dataDir();
    const generated = loadConfig({ DATA_DIR: dir }).twoFactorKey;
    expect(generated).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dir }).twoFactorKey).toEqual(generated);
    expect(readFileSync(path.join(dir, 'two-factor-key'), 'utf8').trim()).toBe(generated.toString('hex'));
    const key = Buffer.alloc(32, 9);
    for (const text of [key.toString('hex'), key.toString('base64'), key.toString('base64url')])
      expect(loadConfig({ DATA_DIR: dir, TWO_FACTOR_KEY: text }).twoFactorKey).toEqual(key);
    for (const bad of ['short', 'ab'.repeat(31), Buffer.alloc(24).toString('base64')])
      expect(() => loadConfig({ DATA_DIR: dir, TWO_FACTOR_KEY: bad })).toThrow(/TWO_FACTOR_KEY/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://u@h:5432/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SIGN_SECRET: 'a-long-secret',
      APP_ID: 'app',
      IMAGE_HOST: 'https://img.example',
      CAPTCHA_ENABLED: 'false',
      DEMO_DATA: '0',
      DEMO_VIDEOS: 'false',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@h:5432/db',
      redis: { url: 'redis://127.0.0.1:6379' },
      signSecret: 'a-long-secret',
      appId: 'app',
      imageHost: 'https://img.example',
      captchaEnabled: false,
      demoData: false,
      demoVideos: false,
    });
  });

  it('stops with a message naming each wrong value', () => {
    const bad = {
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      CAPTCHA_ENABLED: 'maybe',
      JWT_SECRET: 'short',
      DATA_DIR: dataDir(),
    };
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    try {
      loadConfig(bad);
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'CAPTCHA_ENABLED', 'JWT_SECRET'])
        expect(message).toContain(name);
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATA_DIR: dataDir() }).port).toBe(8080);
  });

  it('runs the sandbox alone by default, with a generated, kept key and the local origin', () => {
    const dir = dataDir();
    const { payments } = loadConfig({ DATA_DIR: dir, PORT: '9000' });
    expect(payments).toEqual({
      publicUrl: 'http://localhost:9000',
      sandbox: true,
      sandboxKey: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(loadConfig({ DATA_DIR: dir }).payments.sandboxKey).toBe(payments.sandboxKey);
    expect(readFileSync(path.join(dir, 'sandbox-pay-key'), 'utf8').trim()).toBe(payments.sandboxKey);
    const given = loadConfig({
      DATA_DIR: dir,
      SANDBOX_PAY_KEY: 'k'.repeat(20),
      PUBLIC_URL: 'https://yk.example/',
    });
    expect(given.payments).toEqual({
      publicUrl: 'https://yk.example',
      sandbox: true,
      sandboxKey: 'k'.repeat(20),
    });
    expect(() => loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'yk.example' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ DATA_DIR: dir, SANDBOX_PAY_KEY: 'short' })).toThrow(/SANDBOX_PAY_KEY/);
    expect(() => loadConfig({ DATA_DIR: dir, BACKUP_KEY: 'too-short' })).toThrow(/BACKUP_KEY/);
  });

  it('turns a provider on when all its keys are set, reading \\n in keys as line breaks', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ALIPAY_APP_ID: '2021000000000000',
      ALIPAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nAAAA\\n-----END PRIVATE KEY-----',
      ALIPAY_PUBLIC_KEY: 'BBBB',
      ALIPAY_SELLER_ID: '2088000000000000',
      WECHAT_APP_ID: 'wx0000000000000000',
      WECHAT_MCH_ID: '1900000000',
      WECHAT_API_V3_KEY: 'k'.repeat(32),
      WECHAT_PRIVATE_KEY: 'CCCC',
      WECHAT_SERIAL_NO: 'SERIAL1',
      WECHAT_PLATFORM_PUBLIC_KEY: 'DDDD',
      WECHAT_PLATFORM_SERIAL: 'PUB_KEY_ID_1',
    });
    expect(config.payments.alipay).toEqual({
      appId: '2021000000000000',
      privateKey: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----',
      alipayPublicKey: 'BBBB',
      sellerId: '2088000000000000',
    });
    expect(config.payments.wechat).toEqual({
      appId: 'wx0000000000000000',
      mchId: '1900000000',
      apiV3Key: 'k'.repeat(32),
      privateKey: 'CCCC',
      serialNo: 'SERIAL1',
      platformKeys: [{ serial: 'PUB_KEY_ID_1', publicKey: 'DDDD', source: 'WECHAT_PLATFORM_PUBLIC_KEY' }],
    });
  });

  it('takes WeChat Pay keys from the pair, the public key and a directory of certificates at once', () => {
    const certs = dataDir();
    writeFileSync(path.join(certs, 'wechatpay_5157F09EFDC096DE.pem'), 'CERT-A');
    writeFileSync(path.join(certs, '3775B6A45ACD588826D15E583A95F5DD.pem'), 'CERT-B');
    writeFileSync(path.join(certs, 'README.txt'), 'not a certificate');
    const core = {
      DATA_DIR: dataDir(),
      WECHAT_APP_ID: 'wx0000000000000000',
      WECHAT_MCH_ID: '1900000000',
      WECHAT_API_V3_KEY: 'k'.repeat(32),
      WECHAT_PRIVATE_KEY: 'CCCC',
      WECHAT_SERIAL_NO: 'SERIAL1',
    };
    const config = loadConfig({
      ...core,
      WECHAT_PUBLIC_KEY: 'PUBKEY\\nLINE2',
      WECHAT_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000001',
      WECHAT_PLATFORM_CERTS_DIR: certs,
      WECHAT_API_BASE: 'https://api2.mch.weixin.qq.com/',
    });
    expect(config.payments.wechat?.platformKeys).toEqual([
      {
        serial: 'PUB_KEY_ID_0114232134912410000000000001',
        publicKey: 'PUBKEY\nLINE2',
        source: 'WECHAT_PUBLIC_KEY',
      },
      {
        serial: '3775B6A45ACD588826D15E583A95F5DD',
        publicKey: 'CERT-B',
        source: path.join(certs, '3775B6A45ACD588826D15E583A95F5DD.pem'),
      },
      {
        serial: '5157F09EFDC096DE',
        publicKey: 'CERT-A',
        source: path.join(certs, 'wechatpay_5157F09EFDC096DE.pem'),
      },
    ]);
    expect(config.payments.wechat?.baseUrl).toBe('https://api2.mch.weixin.qq.com');
    expect(
      loadConfig({ ...core, WECHAT_PLATFORM_CERTS_DIR: certs }).payments.wechat?.baseUrl,
    ).toBeUndefined();

    // No verification key, half a pair, a wrong id, an unreadable directory, a serial twice.
    expect(() => loadConfig(core)).toThrow(/WECHAT_PUBLIC_KEY and WECHAT_PUBLIC_KEY_ID/);
    expect(() => loadConfig({ ...core, WECHAT_PUBLIC_KEY: 'K' })).toThrow(/WECHAT_PUBLIC_KEY_ID together/);
    expect(() => loadConfig({ ...core, WECHAT_PUBLIC_KEY: 'K', WECHAT_PUBLIC_KEY_ID: 'ABC' })).toThrow(
      /PUB_KEY_ID_/,
    );
    expect(() => loadConfig({ ...core, WECHAT_PLATFORM_CERTS_DIR: path.join(certs, 'nope') })).toThrow(
      /WECHAT_PLATFORM_CERTS_DIR/,
    );
    expect(() =>
      loadConfig({
        ...core,
        WECHAT_PLATFORM_CERTS_DIR: certs,
        WECHAT_PLATFORM_PUBLIC_KEY: 'K',
        WECHAT_PLATFORM_SERIAL: '5157F09EFDC096DE',
      }),
    ).toThrow(/5157F09EFDC096DE is given twice/);
    expect(() =>
      loadConfig({ ...core, WECHAT_PLATFORM_CERTS_DIR: certs, WECHAT_API_BASE: 'http://x' }),
    ).toThrow(/WECHAT_API_BASE/);
  });

  it('stops on a partly configured provider, naming the keys still missing', () => {
    const dir = dataDir();
    expect(() => loadConfig({ DATA_DIR: dir, ALIPAY_APP_ID: 'app' })).toThrow(
      /Alipay.*ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, ALIPAY_SELLER_ID: '2088' })).toThrow(/ALIPAY_APP_ID/);
    expect(() => loadConfig({ DATA_DIR: dir, WECHAT_MCH_ID: '1900000000', WECHAT_APP_ID: 'wx1' })).toThrow(
      /WeChat Pay.*WECHAT_API_V3_KEY, WECHAT_PRIVATE_KEY, WECHAT_SERIAL_NO/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, WECHAT_API_V3_KEY: 'too-short' })).toThrow(/WECHAT_API_V3_KEY/);
    expect(() => loadConfig({ DATA_DIR: dir, ALIPAY_GATEWAY: 'http://plain' })).toThrow(/ALIPAY_GATEWAY/);
  });

  it('reads the media signing keys, or keeps a generated one in DATA_DIR apart from JWT_SECRET', () => {
    const dir = dataDir();
    const generated = loadConfig({ DATA_DIR: dir }).media.signingKeys;
    expect(generated).toEqual([{ id: 'local', secret: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(readFileSync(path.join(dir, 'media-signing-key'), 'utf8').trim()).toBe(generated[0]!.secret);
    // A new JWT_SECRET leaves the media key as it was: streams do not end with logins.
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'y'.repeat(40) }).media.signingKeys).toEqual(generated);

    const two = `k2:${'b'.repeat(32)},k1:${'a'.repeat(40)}`;
    expect(loadConfig({ DATA_DIR: dir, MEDIA_SIGNING_KEYS: two }).media.signingKeys).toEqual([
      { id: 'k2', secret: 'b'.repeat(32) },
      { id: 'k1', secret: 'a'.repeat(40) },
    ]);
    for (const bad of ['k1', `k1:${'a'.repeat(31)}`, `k-1:${'a'.repeat(32)}`, `k1:${'a'.repeat(32)},`]) {
      expect(() => loadConfig({ DATA_DIR: dir, MEDIA_SIGNING_KEYS: bad }), bad).toThrow(/MEDIA_SIGNING_KEYS/);
    }
    expect(() =>
      loadConfig({ DATA_DIR: dir, MEDIA_SIGNING_KEYS: `k1:${'a'.repeat(32)},k1:${'b'.repeat(32)}` }),
    ).toThrow(/MEDIA_SIGNING_KEYS: each key needs an id of its own/);
  });

  it('puts a CDN in front of the media only with keys its edge can know, and limits streams per VIP', () => {
    const dir = dataDir();
    const keys = `edge1:${'c'.repeat(48)}`;
    const config = loadConfig({
      DATA_DIR: dir,
      MEDIA_CDN_BASE_URL: 'https://cdn.example.com/',
      MEDIA_SIGNING_KEYS: keys,
      MEDIA_CDN_ORIGIN_SECRET: 'origin-secret-0123',
      MEDIA_STREAMS_PER_VIP: '3',
    });
    expect(config.media.cdn).toEqual({
      baseUrl: 'https://cdn.example.com',
      originSecret: 'origin-secret-0123',
    });
    expect(config.media.streamsPerVip).toBe(3);
    expect(loadConfig({ DATA_DIR: dir }).media).toMatchObject({ cdn: undefined, streamsPerVip: 2 });
    expect(() => loadConfig({ DATA_DIR: dir, MEDIA_CDN_BASE_URL: 'https://cdn.example.com' })).toThrow(
      /MEDIA_CDN_BASE_URL: set MEDIA_SIGNING_KEYS too/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, MEDIA_CDN_ORIGIN_SECRET: 'origin-secret-0123' })).toThrow(
      /MEDIA_CDN_ORIGIN_SECRET/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dir, MEDIA_CDN_BASE_URL: 'cdn.example.com', MEDIA_SIGNING_KEYS: keys }),
    ).toThrow(/MEDIA_CDN_BASE_URL/);
    for (const n of ['0', '21', 'two']) {
      expect(() => loadConfig({ DATA_DIR: dir, MEDIA_STREAMS_PER_VIP: n }), n).toThrow(
        /MEDIA_STREAMS_PER_VIP/,
      );
    }
  });

  it('turns tracing on only with a collector named, reading the standard OTEL_ variables (decision 081)', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).tracing).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: dir, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318/', OTEL_SDK_DISABLED: 'true' })
        .tracing,
    ).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318/' }).tracing).toEqual({
      url: 'http://c:4318/v1/traces',
      headers: {},
      serviceName: undefined,
      resourceAttributes: {},
      sampler: 'parentbased_always_on',
      ratio: 1,
    });
    expect(
      loadConfig({
        DATA_DIR: dir,
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://t.example/otlp/traces',
        OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=shared,x-team=a%20b',
        OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-api-key=traces',
        OTEL_SERVICE_NAME: 'yingku-web-1',
        OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=prod',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
      }).tracing,
    ).toEqual({
      url: 'https://t.example/otlp/traces',
      headers: { 'x-api-key': 'traces', 'x-team': 'a b' },
      serviceName: 'yingku-web-1',
      resourceAttributes: { 'deployment.environment.name': 'prod' },
      sampler: 'parentbased_traceidratio',
      ratio: 0.25,
    });
  });

  it('stops on tracing settings it cannot honour, naming each', () => {
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: dataDir(), OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error(`accepted ${JSON.stringify(env)}`);
    };
    expect(refused({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toMatch(
      /OTEL_EXPORTER_OTLP_PROTOCOL: 只支持 http\/protobuf/,
    );
    expect(refused({ OTEL_EXPORTER_OTLP_ENDPOINT: 'c:4318' })).toContain('OTEL_EXPORTER_OTLP_ENDPOINT');
    expect(refused({ OTEL_EXPORTER_OTLP_HEADERS: 'no-equals-sign' })).toContain('OTEL_EXPORTER_OTLP_HEADERS');
    expect(refused({ OTEL_TRACES_SAMPLER: 'jaeger_remote' })).toContain('OTEL_TRACES_SAMPLER');
    expect(refused({ OTEL_TRACES_SAMPLER_ARG: '2' })).toContain('OTEL_TRACES_SAMPLER_ARG');
  });
});
