import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';

// The settings for running several servers (docs/running-at-scale.md).
const dir = mkdtempSync(path.join(tmpdir(), 'yingku-config-scale-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env });
const primary = 'postgres://u@primary:5432/yingku';

describe('loadConfig: several servers', () => {
  it('has defaults that change nothing for one server', () => {
    expect(load({})).toMatchObject({
      databaseReadUrl: undefined,
      redisKeyPrefix: 'yingku:',
      metricsToken: undefined,
      shutdown: { drainMs: 3000, timeoutMs: 10_000 },
    });
  });

  it('reads every variable', () => {
    const config = load({
      DATABASE_URL: primary,
      DATABASE_READ_URL: 'postgresql://u@replica:5432/yingku',
      REDIS_KEY_PREFIX: 'yingku-staging:',
      METRICS_TOKEN: 'a-metrics-token-of-length',
      SHUTDOWN_DRAIN_MS: '5000',
      SHUTDOWN_TIMEOUT_MS: '30000',
    });
    expect(config).toMatchObject({
      databaseReadUrl: 'postgresql://u@replica:5432/yingku',
      redisKeyPrefix: 'yingku-staging:',
      metricsToken: 'a-metrics-token-of-length',
      shutdown: { drainMs: 5000, timeoutMs: 30_000 },
    });
  });

  it("reads Redis by address, or through Sentinel with the master's name and passwords", () => {
    expect(load({ DATABASE_URL: primary, REDIS_URL: 'rediss://:pw@cache:6380/1' }).redis).toEqual({
      url: 'rediss://:pw@cache:6380/1',
    });
    expect(
      load({
        DATABASE_URL: primary,
        REDIS_SENTINELS: 's1:26379, 10.0.0.2:26380,[::1]:26381',
        REDIS_SENTINEL_NAME: 'mymaster',
        REDIS_PASSWORD: 'master-pw',
        REDIS_SENTINEL_PASSWORD: 'sentinel-pw',
      }).redis,
    ).toEqual({
      sentinels: [
        { host: 's1', port: 26379 },
        { host: '10.0.0.2', port: 26380 },
        { host: '::1', port: 26381 },
      ],
      name: 'mymaster',
      password: 'master-pw',
      sentinelPassword: 'sentinel-pw',
    });
  });

  it.each([
    [{ REDIS_SENTINELS: 's1:26379', REDIS_URL: 'redis://cache' }, /REDIS_SENTINELS: .*not both/],
    [{ REDIS_SENTINELS: 's1:26379' }, /REDIS_SENTINEL_NAME: /],
    [{ REDIS_SENTINELS: 's1', REDIS_SENTINEL_NAME: 'm' }, /REDIS_SENTINELS: /],
    [{ REDIS_SENTINELS: 's1:99999', REDIS_SENTINEL_NAME: 'm' }, /REDIS_SENTINELS: .*port/],
    [{ REDIS_SENTINEL_NAME: 'mymaster' }, /REDIS_SENTINEL_NAME: only with REDIS_SENTINELS/],
    [{ REDIS_URL: 'redis://cache', REDIS_PASSWORD: 'pw' }, /REDIS_PASSWORD: only with REDIS_SENTINELS/],
  ])('refuses Redis settings that do not fit together (%o), naming the variable', (env, message) => {
    expect(() => load({ DATABASE_URL: primary, ...env })).toThrow(message);
  });

  it('refuses a read replica without a primary, naming the variable', () => {
    expect(() => load({ DATABASE_READ_URL: primary })).toThrow(/DATABASE_READ_URL: .*DATABASE_URL/);
  });

  it.each([
    ['DATABASE_READ_URL', 'mysql://replica/yingku'],
    ['REDIS_KEY_PREFIX', 'has spaces'],
    ['METRICS_TOKEN', 'short'],
    ['SHUTDOWN_DRAIN_MS', '-1'],
    ['SHUTDOWN_DRAIN_MS', 'soon'],
    ['SHUTDOWN_TIMEOUT_MS', '10'],
  ])('refuses a bad %s (%s) with a message naming it', (name, value) => {
    expect(() => load({ DATABASE_URL: primary, [name]: value })).toThrow(new RegExp(`${name}: `));
  });
});
