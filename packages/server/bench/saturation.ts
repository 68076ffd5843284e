import autocannon from 'autocannon';
import { type ApiGet, requestPath, signedHeaders, type SigningKeys } from './signed-get';
import type { LoadSummary } from './stats';

export interface SaturationOptions {
  baseUrl: string;
  connections: number;
  seconds: number;
  next(): ApiGet;
  /** Signs every request; without it requests go unsigned (the plain hello-world ceiling). */
  keys?: SigningKeys;
}

/**
 * As many requests as `connections` keep-alive connections can get answered (a closed loop,
 * autocannon): the ceiling of one server process on this machine, load generator included.
 * 304 counts as success (the revalidation scenario expects it).
 */
export async function runSaturation(options: SaturationOptions): Promise<LoadSummary> {
  const result = await autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        // Called for every request: a new call from the pool with a fresh signature each time.
        setupRequest: (request) => {
          const call = options.next();
          const headers = options.keys ? signedHeaders(call, options.keys) : (call.headers ?? {});
          return { ...request, path: requestPath(call), headers };
        },
      },
    ],
  });
  const failed = result.errors + result.timeouts + result['1xx'] + result['4xx'] + result['5xx'];
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: failed,
  };
}
