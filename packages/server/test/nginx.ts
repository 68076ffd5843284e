import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import path from 'node:path';

/** Whether Debian's nginx is installed (.ci/run installs it). */
export function hasNginx(): boolean {
  return spawnSync('sh', ['-c', 'command -v nginx']).status === 0;
}

/** The nginx tests run wherever nginx is, and must run in CI (REQUIRE_EDGE_TESTS=1, set by .ci/run). */
export function edgeTestsWanted(): boolean {
  if (hasNginx()) return true;
  if (process.env.REQUIRE_EDGE_TESTS === '1') {
    throw new Error('REQUIRE_EDGE_TESTS=1 but nginx is not installed (apt-get install -y nginx)');
  }
  return false;
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export interface TestNginx {
  /** `nginx -s reload` with the same folder and configuration: what a deploy does. */
  reload(): void;
  /** Stops nginx (gracefully, then by force) and removes its folder. */
  stop(): Promise<void>;
}

/**
 * Debian's nginx in the foreground on `conf`, a configuration listening on 127.0.0.1:`port` whose
 * pid, logs and temp paths are all in `dir` (the test's own folder, removed by `stop`). Resolves
 * once the port answers; fails with nginx's own words when it does not start.
 */
export async function startNginx(dir: string, conf: string, port: number): Promise<TestNginx> {
  const nginx: ChildProcess = spawn('nginx', ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  nginx.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  const stop = async () => {
    if (nginx.exitCode === null && nginx.signalCode === null) {
      nginx.kill('SIGQUIT');
      const timer = setTimeout(() => nginx.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };
  for (let attempt = 0; ; attempt += 1) {
    if (await answers(port)) break;
    if (nginx.exitCode !== null || attempt >= 100) {
      const log = await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
      await stop();
      throw new Error(`nginx did not start: ${stderr}\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    reload() {
      const reload = spawnSync('nginx', ['-p', dir, '-c', conf, '-s', 'reload'], { encoding: 'utf8' });
      if (reload.status !== 0) throw new Error(`nginx -s reload failed: ${reload.stderr}`);
    },
    stop,
  };
}
