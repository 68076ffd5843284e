import { LIMITS, signRequest } from '@yingku/contract';
import { ApiError, interpretResponse, invalidBodyError, networkError, timeoutError } from './api-error';
import { parseJson } from './json';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;
export type JsonBody = Readonly<Record<string, unknown>>;

/** Anything with zod's `parse`: the contract's response schemas. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

export interface CallOptions<T> {
  /** Checks the successful body; without it the envelope is returned unchecked. */
  schema?: ResponseSchema<T>;
  /** Cancels the call (e.g. TanStack Query's signal); a cancelled call rejects with no message. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The caller shows the failure itself: no toast. */
  silent?: boolean;
}

export interface ApiClientDeps {
  /** Prefix of every path: `/prod-api`. */
  baseUrl: string;
  /** The signing secret and app id, read per call (the runtime config may arrive late in tests). */
  credentials: () => { signSecret: string; appId: string };
  /** Shows a failure to the user (toast, dialog…). */
  onError: (error: ApiError) => void;
  /** Params every GET carries and fields every POST/PUT body carries (e.g. the magnet filter). */
  sessionParams?: () => Readonly<Record<string, string | number>>;
  fetch?: typeof fetch;
}

export interface ApiClient {
  get<T>(path: string, params?: QueryParams, options?: CallOptions<T>): Promise<T>;
  post<T>(path: string, body?: JsonBody, options?: CallOptions<T>): Promise<T>;
  put<T>(path: string, body?: JsonBody, options?: CallOptions<T>): Promise<T>;
}

/** Query params as they travel: strings only, empty values left out (as the signature leaves them). */
export function cleanParams(params: QueryParams | undefined): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') clean[key] = String(value);
  }
  return clean;
}

export function buildUrl(baseUrl: string, path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

/**
 * The request client of SPEC §7: every call signed (GET over its query, POST/PUT over the JSON
 * body's top-level fields), a timeout through AbortController, and every failure turned into one
 * {@link ApiError} carrying the text of SPEC §8, shown through `onError` unless `silent`.
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function call<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    query: Record<string, string>,
    body: JsonBody | undefined,
    options: CallOptions<T>,
  ): Promise<T> {
    const { signSecret, appId } = deps.credentials();
    const headers = {
      'content-type': 'application/json;charset=utf-8',
      ...signRequest({ params: body ?? query, secret: signSecret, appId }),
    };
    const timeout = linkedTimeout(options.timeoutMs ?? LIMITS.requestTimeoutMs, options.signal);
    try {
      const response = await doFetch(buildUrl(deps.baseUrl, path, query), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: timeout.signal,
      });
      const envelope = interpretResponse(response.status, readJson(await response.text()));
      return options.schema ? checkShape(options.schema, envelope) : (envelope as T);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const failure = toApiError(error, timeout.timedOut());
      if (!options.silent) deps.onError(failure);
      throw failure;
    } finally {
      timeout.clear();
    }
  }

  const session = () => deps.sessionParams?.() ?? {};
  return {
    get: (path, params, options = {}) =>
      call('GET', path, cleanParams({ ...session(), ...params }), undefined, options),
    post: (path, body = {}, options = {}) => call('POST', path, {}, { ...session(), ...body }, options),
    put: (path, body = {}, options = {}) => call('PUT', path, {}, { ...session(), ...body }, options),
  };
}

function readJson(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return undefined;
  }
}

function checkShape<T>(schema: ResponseSchema<T>, envelope: unknown): T {
  try {
    return schema.parse(envelope);
  } catch (error) {
    console.error('API response has an unexpected shape', error);
    throw invalidBodyError();
  }
}

function toApiError(error: unknown, timedOut: boolean): ApiError {
  if (timedOut) return timeoutError();
  if (error instanceof ApiError) return error;
  // fetch rejects with a TypeError when the network or the server cannot be reached.
  return networkError();
}

/** An abort signal that fires after `ms` or when `outer` fires, whichever comes first. */
function linkedTimeout(ms: number, outer: AbortSignal | undefined) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
  };
}
