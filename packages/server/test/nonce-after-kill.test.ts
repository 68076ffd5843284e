import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API, API_BASE, SERVER_MSG, signRequest } from '@yingku/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startProcess, stopProcess } from '../bench/processes';
import { PROCESS_TEST_MS } from './timeouts';

// The embedded default (PGlite) promises that a signed request, once answered, is refused if
// sent again — also after the server was killed with SIGKILL right after answering it.
const MAIN = path.join(import.meta.dirname, '..', 'src', 'main.ts');
const SIGN_SECRET = 'nonce-after-kill-sign-secret';
const APP_ID = 'nonce-after-kill-app';

describe('a nonce answered just before a kill -9 (PGlite)', { timeout: PROCESS_TEST_MS }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yingku-nonce-kill-'));
  let server: ChildProcess | undefined;

  afterAll(async () => {
    if (server) await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  const start = async (port: number) =>
    startProcess(
      MAIN,
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // PGlite, whatever the test run's environment says ('' counts as unset).
        DATABASE_URL: '',
        DATABASE_READ_URL: '',
        REDIS_URL: '',
        DEMO_DATA: 'false',
        SIGN_SECRET,
        APP_ID,
        LOG_LEVEL: 'warn',
      },
      /影库 is running at/,
      90_000,
    );

  const killed = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      child.removeAllListeners('exit');
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });

  it('is refused after the restart', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}${API_BASE}${API.vipList}?status=0`;
    const headers = signRequest({ params: { status: '0' }, secret: SIGN_SECRET, appId: APP_ID });

    server = await start(port);
    const first = await fetch(url, { headers });
    expect(first.status).toBe(200);
    // Killed the moment the answer arrived: no flush, no close.
    await killed(server);

    server = await start(port);
    const replay = await fetch(url, { headers });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ code: 400, msg: SERVER_MSG.signatureReplayed });
    const fresh = await fetch(url, {
      headers: signRequest({ params: { status: '0' }, secret: SIGN_SECRET, appId: APP_ID }),
    });
    expect(fresh.status).toBe(200);
  });
});
