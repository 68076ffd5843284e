import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { edgeConfig, type EdgeConfigOptions } from '../src/features/video/edge-config';
import { freePort } from '../bench/processes';
import { startNginx } from './nginx';

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
  const nginx = await startNginx(dir, path.join(dir, 'nginx.conf'), port);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async accessLog() {
      const text = await readFile(path.join(dir, 'access.log'), 'utf8').catch(() => '');
      return text.split('\n').filter(Boolean);
    },
    stop: () => nginx.stop(),
  };
}
