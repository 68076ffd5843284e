import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { edgeConfig, type EdgeConfigOptions } from '../src/features/video/edge-config';
import { freePort } from '../bench/processes';

/** Whether Debian's nginx is installed (.ci/run installs it). */
export function hasNginx(): boolean {
  return spawnSync('sh', ['-c', 'command -v nginx']).status === 0;
}

/** The edge tests run wherever nginx is, and must run in CI (REQUIRE_EDGE_TESTS=1, set by .ci/run). */
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

export interface TestEdge {
  /** `http://127.0.0.1:<port>`: what MEDIA_CDN_BASE_URL names. */
  baseUrl: string;
  /** The edge's access log so far, a line each (the token's signature is never in it). */
  accessLog(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * A real CDN edge on loopback: Debian's nginx running the configuration `admin media
 * edge-config` writes (features/video/edge-config.ts), with its cache and logs in a folder of
 * its own. As root its workers run as root (the folder is the test's).
 */
export async function startEdge(
  options: Omit<EdgeConfigOptions, 'listen' | 'cacheDir' | 'maxSize' | 'standalone'> & {
    /** A port chosen beforehand (a site whose settings name the edge before it starts). */
    port?: number;
  },
): Promise<TestEdge> {
  const dir = await mkdtemp(path.join(tmpdir(), 'yingku-edge-'));
  const port = options.port ?? (await freePort());
  const config = edgeConfig({
    ...options,
    listen: `127.0.0.1:${port}`,
    cacheDir: path.join(dir, 'cache'),
    maxSize: '1g',
    standalone: { dir, ...(process.getuid?.() === 0 ? { user: 'root' } : {}) },
  });
  await writeFile(path.join(dir, 'nginx.conf'), config);
  const nginx: ChildProcess = spawn(
    'nginx',
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  nginx.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => nginx.once('exit', resolve));
  const stop = async () => {
    if (nginx.exitCode === null) {
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
    baseUrl: `http://127.0.0.1:${port}`,
    async accessLog() {
      const text = await readFile(path.join(dir, 'access.log'), 'utf8').catch(() => '');
      return text.split('\n').filter(Boolean);
    },
    stop,
  };
}
