import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { type ApiGet, requestPath, signedHeaders, type SigningKeys } from './signed-get';
import { type LoadSummary, summarise } from './stats';

export interface FixedRateOptions {
  baseUrl: string;
  /** Requests per second offered, whatever the server answers (an open loop). */
  rate: number;
  seconds: number;
  /** Most requests in flight at once; the rest wait in the agent's queue (and that wait counts). */
  connections: number;
  /** Give up on an answer after this long (the web client's 10 s, docs/product.md §9). */
  timeoutMs?: number;
  next(): ApiGet;
  /** Unsigned requests (the hello-world ceiling). */
  keys?: SigningKeys;
}

/** A fixed-rate run's summary, and the first failure seen (status and body start) if any. */
export interface FixedRateResult extends LoadSummary {
  firstError?: string;
}

/**
 * Offers `rate` requests per second, evenly spaced, for `seconds`, whatever the server answers
 * (an open loop): when it falls behind, requests queue for a connection and that wait counts in
 * their latency (no coordinated omission). Each is timed from the moment it was handed over,
 * not from its due time, so the timer's own ~1 ms lateness is not charged to the server.
 * autocannon's rate limit was not used: each connection sends its share of a second back to
 * back and then idles, so the load would arrive in bursts once a second.
 */
export async function runFixedRate(options: FixedRateOptions): Promise<FixedRateResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const target = new URL(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  let firstError: string | undefined;
  const pending = new Set<Promise<void>>();
  const inFlight = new Set<http.ClientRequest>();

  const fail = (why: string) => {
    errors += 1;
    firstError ??= why;
  };
  const send = () => {
    const call = options.next();
    const handedOver = performance.now();
    const headers = options.keys ? signedHeaders(call, options.keys) : (call.headers ?? {});
    const done = new Promise<void>((resolve) => {
      const req = http.get(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: requestPath(call),
          headers,
          timeout: timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status === 200 || status === 304) latencies.push(performance.now() - handedOver);
            else fail(`HTTP ${status} ${Buffer.concat(chunks).toString().slice(0, 160)}`);
            resolve();
          });
        },
      );
      inFlight.add(req);
      req.on('close', () => inFlight.delete(req));
      req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
      req.on('error', (error) => {
        fail(error.message);
        resolve();
      });
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };

  const started = performance.now();
  const interval = 1000 / options.rate;
  const total = Math.round(options.rate * options.seconds);
  // Sleep until the next request is due, then send all that are due (a late wake-up catches up).
  while (sent < total) {
    while (sent < total && started + sent * interval <= performance.now()) {
      send();
      sent += 1;
    }
    const wait = started + sent * interval - performance.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
  }
  // An overloaded server leaves a queue behind: what is not answered within the timeout fails.
  const deadline = setTimeout(() => {
    for (const req of inFlight) req.destroy(new Error(`no answer ${timeoutMs} ms after the run`));
  }, timeoutMs);
  await Promise.all(pending);
  clearTimeout(deadline);
  const elapsedS = (performance.now() - started) / 1000;
  agent.destroy();
  const summary = summarise(latencies, Math.max(elapsedS, options.seconds), sent, errors);
  return firstError ? { ...summary, firstError } : summary;
}
