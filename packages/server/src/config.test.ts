import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
      redisUrl: undefined,
      imageHost: '/img',
      captchaEnabled: true,
      demoData: true,
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
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@h:5432/db',
      redisUrl: 'redis://127.0.0.1:6379',
      signSecret: 'a-long-secret',
      appId: 'app',
      imageHost: 'https://img.example',
      captchaEnabled: false,
      demoData: false,
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
});
