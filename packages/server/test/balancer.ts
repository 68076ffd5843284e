import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../bench/processes';
import { startNginx } from './nginx';

/** One line of the balancer's access log. */
export interface BalancedRequest {
  /** When nginx finished it, ms since the epoch. */
  atMs: number;
  status: number;
  /** Every server tried, in order: more than one when the first refused and nginx tried the next. */
  upstreams: string[];
}

export interface TestBalancer {
  baseUrl: string;
  /** Rewrites the upstream list (`127.0.0.1:port` each) and reloads nginx, as a deploy does. */
  pointAt(servers: string[]): Promise<void>;
  accessLog(): Promise<BalancedRequest[]>;
  stop(): Promise<void>;
}

/**
 * A load balancer on loopback: Debian's nginx in front of app servers, as docs/operations.md's
 * rolling deploy has one. A request a server did not serve (refused, reset before an answer,
 * timed out, or 503 from a server closing) goes to the next one — nginx does that only for idempotent requests (GET), so a
 * payment is never sent twice — and a server that failed is left out for a few seconds. Its
 * folder holds the config, the logs and the pid `nginx -s reload` reads (test/nginx.ts runs it,
 * as it runs the CDN edge of test/cdn-edge.ts).
 */
export async function startBalancer(servers: string[]): Promise<TestBalancer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'yingku-balancer-'));
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  const upstreamConf = path.join(dir, 'upstream.conf');
  const writeUpstream = (list: string[]) =>
    writeFile(
      upstreamConf,
      `upstream yingku_app {\n${list.map((s) => `  server ${s} max_fails=1 fail_timeout=5s;`).join('\n')}\n}\n`,
    );
  await writeUpstream(servers);
  await writeFile(
    conf,
    [
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 4096; }',
      'http {',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${dir}/${kind}-temp;`,
      ),
      `  log_format yingku_balancer '$msec $status "$upstream_addr"';`,
      `  access_log ${dir}/access.log yingku_balancer;`,
      `  include ${upstreamConf};`,
      '  server {',
      `    listen 127.0.0.1:${port};`,
      '    location / {',
      '      proxy_pass http://yingku_app;',
      '      proxy_set_header Host $host;',
      // A server closing after its drain answers 503 to what still reaches it, unserved
      // (Fastify's return503OnClosing): nginx checks no readiness, so it tries the next server.
      '      proxy_next_upstream error timeout http_503;',
      '      proxy_next_upstream_tries 3;',
      '      proxy_connect_timeout 2s;',
      '      proxy_read_timeout 15s;',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  const nginx = await startNginx(dir, conf, port);
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    async pointAt(list) {
      await writeUpstream(list);
      nginx.reload();
    },
    async accessLog() {
      const text = await readFile(path.join(dir, 'access.log'), 'utf8').catch(() => '');
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          // The last field lists the servers tried as `a, b`: everything after the status.
          const [msec, status, ...upstreams] = line.split(' ');
          return {
            atMs: Math.round(Number(msec) * 1000),
            status: Number(status),
            upstreams: upstreams.join(' ').replaceAll('"', '').split(/,\s*/).filter(Boolean),
          };
        });
    },
    stop: () => nginx.stop(),
  };
}
