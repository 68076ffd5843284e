import { LIMITS, MSG, signRequest } from '@yingku/contract';
import {
  ApiError,
  duplicateWriteError,
  interpretResponse,
  invalidBodyError,
  isTransportFailure,
  networkError,
  timeoutError,
} from './api-error';
import { bearerHeader, createDuplicateWriteGuard, needsAppId } from './call-rules';
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
  /** Default {@link LIMITS.requestTimeoutMs}; the captcha call passes {@link LIMITS.captchaTimeoutMs}. */
  timeoutMs?: number;
  /**
   * `true`: the caller shows the failure itself, no toast. `'answers'`: the caller shows only
   * what the server answered (a body code, a body of the wrong shape), as a list's error state
   * does (docs/product.md §8: a failed list shows no message); a transport failure (no connection, the
   * timeout, an HTTP status) still gets docs/product.md §8's toast, lists included.
   */
  silent?: boolean | 'answers';
  /**
   * Send the stored bearer token (the default); login, register and the captcha pass false (docs/product.md
   * §7).
   */
  auth?: boolean;
  /**
   * A member's call the page makes by itself (the 我的 badge, the 看过 ids, the 关注 toggles:
   * decision 045): when the login has ended (the refresh refused), it fails with the 401 instead
   * of going again without a token, which would only meet the server's 403.
   */
  background?: boolean;
  /** Extra headers, e.g. the refresh token of GET /v2/user/token. */
  headers?: Readonly<Record<string, string>>;
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
  /** The stored access token; sent as `Authorization: Bearer …` unless the call says `auth: false`. */
  accessToken?: () => string | undefined;
  /**
   * The token refresh of docs/product.md §8: called when a call with auth answers code 401; resolves true
   * when new tokens are stored (the call is then sent once more with them), false when the login
   * has ended and the tokens are cleared (the call is then sent once more without a token).
   * Concurrent 401s share one refresh. Without it a 401 fails like any other code.
   */
  refreshSession?: () => Promise<boolean>;
  /** Clock of the duplicate-write guard. */
  now?: () => number;
  fetch?: typeof fetch;
}

/** A file a call answered with instead of an envelope (导出我的数据's zip). */
export interface DownloadedFile {
  blob: Blob;
  /** The answer's Content-Disposition ('' without one): its name is the caller's to read. */
  disposition: string;
}

export interface ApiClient {
  get<T>(path: string, params?: QueryParams, options?: CallOptions<T>): Promise<T>;
  post<T>(path: string, body?: JsonBody, options?: CallOptions<T>): Promise<T>;
  put<T>(path: string, body?: JsonBody, options?: CallOptions<T>): Promise<T>;
  /**
   * A POST answered with a file: signed, guarded and refreshed as every write; a refusal still
   * comes in the envelope and fails as any call's does.
   */
  postForFile(
    path: string,
    body?: JsonBody,
    options?: Omit<CallOptions<DownloadedFile>, 'schema'>,
  ): Promise<DownloadedFile>;
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

type Method = 'GET' | 'POST' | 'PUT';

/** One call ready to send: signed over `signed` (the query of a GET, the body of a write). */
interface PreparedCall {
  method: Method;
  url: string;
  signed: Readonly<Record<string, unknown>>;
  body: string | undefined;
  /** Whether a successful answer that is not JSON is a file to hand back. */
  file?: boolean;
}

/**
 * The request client of docs/product.md §7: every call signed (GET over its query, POST/PUT over the JSON
 * body's top-level fields), the bearer token and the app id where they belong, a timeout through
 * AbortController, the duplicate-write guard, the one-time refresh on 401 (single-flight), and every failure
 * turned into one {@link ApiError} carrying the text of docs/product.md §8, shown through `onError` unless
 * `silent`.
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const writes = createDuplicateWriteGuard(LIMITS.duplicateWriteWindowMs, deps.now);
  let refreshing: Promise<boolean> | undefined;

  /** The bearer token a call sends now: none when it says `auth: false`. */
  const tokenFor = (options: CallOptions<unknown>) =>
    options.auth === false ? undefined : deps.accessToken?.();

  /** Sends one call once, with `token` as its bearer (none when undefined). */
  async function attempt(prepared: PreparedCall, options: CallOptions<unknown>, token: string | undefined) {
    const timeout = linkedTimeout(options.timeoutMs ?? LIMITS.requestTimeoutMs, options.signal);
    try {
      // Inside the try: a missing runtime config (offline start) fails like the network.
      const { signSecret, appId } = deps.credentials();
      const headers = {
        'content-type': 'application/json;charset=utf-8',
        ...bearerHeader(token),
        ...options.headers,
        ...signRequest({ params: prepared.signed, secret: signSecret, appId }),
      };
      const response = await doFetch(prepared.url, {
        method: prepared.method,
        headers,
        body: prepared.body,
        signal: timeout.signal,
      });
      if (prepared.file && response.ok && !isJsonType(response.headers.get('content-type'))) {
        return {
          blob: await response.blob(),
          disposition: response.headers.get('content-disposition') ?? '',
        };
      }
      return interpretResponse(response.status, readJson(await response.text()));
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw toApiError(error, timeout.timedOut());
    } finally {
      timeout.clear();
    }
  }

  const isAuthFailure = (error: unknown, options: CallOptions<unknown>) =>
    error instanceof ApiError &&
    error.kind === 'code' &&
    error.code === 401 &&
    options.auth !== false &&
    deps.refreshSession !== undefined;

  /** Refreshes the tokens once for all calls that met a 401 together. */
  function refreshOnce(): Promise<boolean> {
    refreshing ??= (deps.refreshSession?.() ?? Promise.resolve(false))
      .catch(() => false)
      .finally(() => (refreshing = undefined));
    return refreshing;
  }

  /**
   * After `failed` met a 401: whether a newer token is stored now. A call whose 401 arrives
   * after another call's refresh has finished finds the new token and does not refresh again
   * (each refresh rotates the refresh token; a second one would be wasted or, racing, replayed).
   */
  async function renewedSince(failed: string | undefined): Promise<boolean> {
    const current = deps.accessToken?.();
    if (current !== undefined && current !== failed) return true;
    return refreshOnce();
  }

  /**
   * docs/product.md §8's 401 rule: one shared refresh, then the call once more with the new token. When the
   * refresh fails the tokens are gone, and the call goes once more without one: a public call
   * then simply works for a visitor whose stored login has ended, and a call that needs a login
   * gets the server's 403, which prompts the login dialog.
   */
  async function attemptWithRefresh(prepared: PreparedCall, options: CallOptions<unknown>) {
    const token = tokenFor(options);
    // A background call of a member's after the login has ended: nothing to ask.
    if (options.background && token === undefined) throw new ApiError('code', MSG.default401, 401);
    try {
      return await attempt(prepared, options, token);
    } catch (error) {
      if (!isAuthFailure(error, options)) throw error;
      const renewed = await renewedSince(token);
      // Without a token to drop, sending again would only repeat the same call; a background
      // call of a member's has nothing to ask without one.
      if (!renewed && (token === undefined || options.background)) throw error;
      return attempt(prepared, options, renewed ? tokenFor(options) : undefined);
    }
  }

  async function call<T>(prepare: () => PreparedCall, options: CallOptions<T>): Promise<T> {
    try {
      const prepared = prepare();
      if (prepared.body !== undefined && !writes.admit(prepared.method, prepared.url, prepared.body)) {
        throw duplicateWriteError();
      }
      const envelope = await attemptWithRefresh(prepared, options);
      return options.schema ? checkShape(options.schema, envelope) : (envelope as T);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const failure = error instanceof ApiError ? error : networkError();
      if (isShown(failure, options.silent)) deps.onError(failure);
      throw failure;
    }
  }

  /** Session params first, then the app id where the path needs it; the caller's own values win. */
  function withDefaults(path: string, values: Readonly<Record<string, unknown>> | undefined) {
    const appId = needsAppId(path) ? { appId: deps.credentials().appId } : {};
    return { ...deps.sessionParams?.(), ...appId, ...values };
  }

  function read<T>(path: string, params: QueryParams | undefined, options: CallOptions<T>) {
    return call<T>(() => {
      const query = cleanParams(withDefaults(path, params) as QueryParams);
      return { method: 'GET', url: buildUrl(deps.baseUrl, path, query), signed: query, body: undefined };
    }, options);
  }

  function write<T>(
    method: Method,
    path: string,
    body: JsonBody | undefined,
    options: CallOptions<T>,
    file = false,
  ) {
    return call<T>(() => {
      const signed = withDefaults(path, body);
      return { method, url: buildUrl(deps.baseUrl, path, {}), signed, body: JSON.stringify(signed), file };
    }, options);
  }

  return {
    get: (path, params, options = {}) => read(path, params, options),
    post: (path, body, options = {}) => write('POST', path, body, options),
    put: (path, body, options = {}) => write('PUT', path, body, options),
    postForFile: (path, body, options = {}) => write<DownloadedFile>('POST', path, body, options, true),
  };
}

/** Whether the client shows `failure` itself, given the call's `silent` option. */
export function isShown(failure: ApiError, silent: CallOptions<unknown>['silent']): boolean {
  if (silent === 'answers') return isTransportFailure(failure);
  return !silent;
}

function readJson(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return undefined;
  }
}

const isJsonType = (type: string | null) => type === null || /\bjson\b/i.test(type);

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
