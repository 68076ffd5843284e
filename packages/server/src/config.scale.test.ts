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
