import { existsSync } from 'node:fs';
import path from 'node:path';
import { signRequest } from '@yingku/contract';
import { buildApp } from '@yingku/server/src/app';
import { type AppConfig, testConfig } from '@yingku/server/src/config';
import type { Database } from '@yingku/server/src/db/connection';
import { createTestDatabase } from '@yingku/server/test/db';
import type { FastifyInstance } from 'fastify';

// E2E_WEB_DIST: a build of one's own, so parallel runs do not rebuild the dist another run serves.
const webDist = process.env.E2E_WEB_DIST ?? path.resolve(import.meta.dirname, '../../packages/web/dist');

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  app: FastifyInstance;
  config: AppConfig;
  database: Database;
  /** A signed GET under /prod-api through `app.inject()`: what the page should be showing. */
  apiGet<T>(path: string, query?: Record<string, string | number>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The real app, in process, on a fresh database seeded with the demo catalogue, serving the
 * built web app on a random port of 127.0.0.1. `overrides` change the test config (e.g.
 * `captchaEnabled`).
 */
export async function startTestServer(overrides: Partial<AppConfig> = {}): Promise<TestServer> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('packages/web/dist is missing: run `npm run build -w @yingku/web` first');
  }
  // A copy of the demo site the run seeded once (packages/server/test/database-images.ts).
  const database = await createTestDatabase({ demo: true });
  try {
    const config = testConfig({ ...overrides, webDist, port: 0 });
    const app = await buildApp({ config, database });
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    return {
      baseUrl,
      app,
      config,
      database,
      async apiGet<T>(apiPath: string, query: Record<string, string | number> = {}) {
        const params = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
        const headers = signRequest({ params, secret: config.signSecret, appId: config.appId });
        const response = await app.inject({
          method: 'GET',
          url: `/prod-api${apiPath}`,
          query: params,
          headers,
        });
        return response.json<T>();
      },
      async close() {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
