import { signRequest } from '@yingku/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type AppDeps, buildApp } from '../src/app';
import { type AppConfig, testConfig } from '../src/config';
import type { Database } from '../src/db/connection';
import { createTestDatabase } from './db';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** A signed GET under /prod-api, as the web client sends it. */
  get(
    path: string,
    query?: Record<string, string | number | undefined>,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** A signed POST/PUT under /prod-api with a JSON body. */
  send(
    method: 'POST' | 'PUT',
    path: string,
    body: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh test database, with signed-request helpers for `app.inject()`.
 * `deps` can add a read replica, a Redis client, a lifecycle or a log stream; closing the app
 * closes neither a read database nor a Redis client it was given.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  {
    database: given,
    ...deps
  }: Pick<
    AppDeps,
    'paymentProviders' | 'readDatabase' | 'lifecycle' | 'logStream' | 'videoQueue' | 'redis'
  > & {
    /** A migrated database of the test's own (e.g. PGlite in a directory); closed by close(). */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const database = given ?? (await createTestDatabase());
  const config = testConfig(overrides);
  const app = await buildApp({ config, database, ...deps });
  await app.ready();

  const sign = (params: Record<string, unknown> | undefined) =>
    signRequest({ params: params ?? null, secret: config.signSecret, appId: config.appId });

  return {
    app,
    database,
    config,
    get(path, query, headers = {}) {
      const clean = Object.fromEntries(
        Object.entries(query ?? {})
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      );
      const options: InjectOptions = {
        method: 'GET',
        url: `/prod-api${path}`,
        query: clean,
        headers: { ...headers, ...sign(clean) },
      };
      return app.inject(options);
    },
    send(method, path, body, headers = {}) {
      return app.inject({
        method,
        url: `/prod-api${path}`,
        payload: body,
        headers: { ...headers, ...sign(body) },
      });
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
