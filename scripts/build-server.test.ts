import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, SERVER_DIST } from './build-server.mjs';

/**
 * What `npm start` and `npm run worker` run (decision 050): the server compiled by esbuild, under
 * plain node, no tsx. It must find what it reads at run time (the demo clip, the web build) from
 * its dist/ folder, and load its packages as Node loads them. Each starts from another folder,
 * on an empty embedded database of its own, without the demo catalogue.
 */
describe('the compiled server', () => {
  const dataDirs: string[] = [];
  const running = new Map<ChildProcess, Promise<unknown>>();

  /** Starts a compiled entry and resolves with the first line of its output that matches. */
  function start(entry: string, ready: RegExp): Promise<string> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'yingku-compiled-'));
    dataDirs.push(dataDir);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      SHUTDOWN_DRAIN_MS: '0',
    };
    for (const name of ['NODE_OPTIONS', 'DATABASE_URL', 'DATABASE_READ_URL', 'REDIS_URL']) delete env[name];
    const child = spawn(process.execPath, [path.join(SERVER_DIST, entry)], {
      cwd: dataDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.set(child, new Promise((resolve) => child.once('exit', resolve)));
    let output = '';
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    return new Promise((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        output += line + '\n';
        if (ready.test(line)) resolve(line);
      });
      child.once('exit', (code) => reject(new Error(`${entry} exited (${String(code)}):\n${output}`)));
    });
  }

  async function stopAll() {
    for (const child of running.keys()) child.kill('SIGTERM');
    await Promise.all(running.values());
    running.clear();
  }

  beforeAll(() => buildServer());
  afterAll(async () => {
    await stopAll();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('starts with plain node and answers', async () => {
    const line = await start('main.js', / is running at http/);
    const url = /running at (http:\/\/\S+)/.exec(line)![1]!;

    const ready = await fetch(new URL('readyz', url));
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok' });
    const openapi = await fetch(new URL('prod-api/openapi.json', url));
    expect(openapi.status).toBe(200);
    const { paths } = (await openapi.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(paths)).toContain('/prod-api/v2/works/detail/list');
    await stopAll();
  });

  it('runs the transcode worker on its own', async () => {
    expect(await start('worker.js', /^Transcode worker running/)).toMatch(/storage local/);
    await stopAll();
  });
});
