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

interface LoadTarget {
  baseUrl: string;
  keys: SigningKeys;
  next(): ApiGet;
  timeoutMs?: number;
}

/**
 * One signed GET on a new connection: a browser retries a GET whose idle keep-alive connection
 * the proxy closed as it reloaded, Node's agent does not, and that race is the client's, not the
 * release's. Answers why it failed (not HTTP 200 with code 200), or undefined.
 */
function sendOne(
  target: URL,
  call: ApiGet,
  keys: SigningKeys,
  timeoutMs: number,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    const req = http.get(
      {
        agent: false,
        host: target.hostname,
        port: target.port,
        path: requestPath(call),
        headers: signedHeaders(call, keys),
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
          resolve(
            res.statusCode === 200 && code === 200
              ? undefined
              : `HTTP ${res.statusCode} ${text.slice(0, 160)}`,
          );
        });
        res.on('error', (error) => resolve(error.message));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', (error) => resolve(error.message));
  });
}

/**
 * What the servers behind `baseUrl` answer per second right now, `concurrency` requests at a time
 * for `ms`: the ceiling a steady load is set against, measured in the same run, so a busy machine
 * (a CI run beside other tests) gets a load its servers can carry and a failure means the deploy.
 */
export async function measureCapacity(
  options: LoadTarget & { concurrency?: number; ms?: number },
): Promise<number> {
  const target = new URL(options.baseUrl);
  const until = performance.now() + (options.ms ?? 3_000);
  const started = performance.now();
  let ok = 0;
  await Promise.all(
    Array.from({ length: options.concurrency ?? 8 }, async () => {
      while (performance.now() < until) {
        if ((await sendOne(target, options.next(), options.keys, options.timeoutMs ?? 10_000)) === undefined)
          ok += 1;
      }
    }),
  );
  return ok / ((performance.now() - started) / 1000);
}

/**
 * Signed GETs at a steady rate until stopped, each one remembered if it fails: what a rolling
 * deploy must not break (docs/operations.md, "Deploying a release"). An open loop, as the bench's
 * fixed-rate runner (bench/fixed-rate.ts), but open-ended and keeping every failure.
 */
export function startSteadyLoad(options: LoadTarget & { rate: number }): {
  elapsedMs(): number;
  stop(): Promise<SteadyLoadResult>;
} {
  const target = new URL(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const started = performance.now();
  const result: SteadyLoadResult = { sent: 0, ok: 0, failed: [], maxMs: 0 };
  const pending = new Set<Promise<void>>();
  let stopped = false;

  const send = (call: ApiGet) => {
    const at = performance.now();
    const done = sendOne(target, call, options.keys, timeoutMs).then((why) => {
      if (why === undefined) {
        result.ok += 1;
        result.maxMs = Math.max(result.maxMs, performance.now() - at);
      } else result.failed.push({ atMs: Math.round(at - started), path: requestPath(call), why });
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
