import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startProcess, stopProcess } from '../bench/processes';
import { PROCESS_TEST_MS } from './timeouts';

// SIGTERM under load from keep-alive clients, with the shutdown settings as shipped: the
// requests already on their way when the signal comes, and those sent while the load balancer
// has not yet noticed /readyz turn 503, must all be answered.
const MAIN = path.join(import.meta.dirname, '..', 'src', 'main.ts');

describe('SIGTERM with keep-alive clients sending', { timeout: PROCESS_TEST_MS }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yingku-drain-'));
  let server: ChildProcess | undefined;

  afterAll(async () => {
    if (server) await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  it('answers every request sent until the balancer stops sending, then exits 0', async () => {
    const port = await freePort();
    server = await startProcess(
      MAIN,
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DATABASE_READ_URL: '',
        REDIS_URL: '',
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        // The shipped default, whatever the environment running the tests says.
        SHUTDOWN_DRAIN_MS: '',
      },
      /影库 is running at/,
      90_000,
    );
    const child = server;
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const get = () =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: '/healthz', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });

    let answered = 0;
    const errors: string[] = [];
    let signalledAt: number | undefined;
    // The balancer notices /readyz within this long after the signal and stops sending.
    const BALANCER_NOTICES_MS = 400;
    const sending = () => signalledAt === undefined || Date.now() < signalledAt + BALANCER_NOTICES_MS;
    const worker = async () => {
      while (sending()) {
        try {
          expect(await get()).toBe(200);
          answered += 1;
          if (answered === 200 && signalledAt === undefined) {
            signalledAt = Date.now();
            child.kill('SIGTERM');
          }
        } catch (error) {
          errors.push(
            `${signalledAt === undefined ? 'before' : Date.now() - signalledAt} ${(error as Error).message}`,
          );
          if (signalledAt === undefined) throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    agent.destroy();

    expect(errors, output).toEqual([]);
    expect(answered).toBeGreaterThan(200);
    expect(await exited).toBe(0);
    server = undefined;
  });
});
