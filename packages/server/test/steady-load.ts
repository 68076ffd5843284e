import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { type ApiGet, requestPath, signedHeaders, type SigningKeys } from '../bench/signed-get';

/** One request that did not answer HTTP 200 with code 200, and when (ms after the start). */
export interface FailedRequest {
  atMs: number;
  path: string;
  why: string;
}

export interface SteadyLoadResult {
  sent: number;
  ok: number;
  failed: FailedRequest[];
  /** The slowest answer, in ms. */
  maxMs: number;
}

/**
 * Signed GETs at a steady rate until stopped, each one remembered if it fails: what a rolling
 * deploy must not break (docs/operations.md, "Deploying a release"). An open loop, as the bench's
 * fixed-rate runner (bench/fixed-rate.ts), but open-ended and keeping every failure. Each request
 * takes a new connection: a browser retries a GET whose idle keep-alive connection the proxy
 * closed as it reloaded, Node's agent does not, and that race is the client's, not the release's.
 */
export function startSteadyLoad(options: {
  baseUrl: string;
  rate: number;
  keys: SigningKeys;
  next(): ApiGet;
  timeoutMs?: number;
}): { elapsedMs(): number; stop(): Promise<SteadyLoadResult> } {
  const target = new URL(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const started = performance.now();
  const result: SteadyLoadResult = { sent: 0, ok: 0, failed: [], maxMs: 0 };
  const pending = new Set<Promise<void>>();
  let stopped = false;

  const send = (call: ApiGet) => {
    const at = performance.now();
    const fail = (why: string) =>
      result.failed.push({ atMs: Math.round(at - started), path: requestPath(call), why });
    const done = new Promise<void>((resolve) => {
      const req = http.get(
        {
          agent: false,
          host: target.hostname,
          port: target.port,
          path: requestPath(call),
          headers: signedHeaders(call, options.keys),
          timeout: timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            let code: unknown;
            try {
              code = (JSON.parse(text) as { code?: unknown }).code;
            } catch {
              code = undefined;
            }
            if (res.statusCode === 200 && code === 200) {
              result.ok += 1;
              result.maxMs = Math.max(result.maxMs, performance.now() - at);
            } else fail(`HTTP ${res.statusCode} ${text.slice(0, 160)}`);
            resolve();
          });
          res.on('error', (error) => {
            fail(error.message);
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
      req.on('error', (error) => {
        fail(error.message);
        resolve();
      });
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };

  const interval = 1000 / options.rate;
  const loop = (async () => {
    // Sleep until the next request is due, then send all that are due (a late wake-up catches up).
    while (!stopped) {
      while (started + result.sent * interval <= performance.now()) {
        send(options.next());
        result.sent += 1;
      }
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, started + result.sent * interval - performance.now())),
      );
    }
  })();

  return {
    elapsedMs: () => performance.now() - started,
    async stop() {
      stopped = true;
      await loop;
      await Promise.all(pending);
      return { ...result, maxMs: Math.round(result.maxMs) };
    },
  };
}
