import { API_BASE, signRequest } from '@yingku/contract';

/** The signing settings the bench gives the server it starts, and signs with like a browser. */
export interface SigningKeys {
  secret: string;
  appId: string;
}

/** One GET of the API: a path under {@link API_BASE} (`/v2/…`) and its query. */
export interface ApiGet {
  path: string;
  query: Record<string, string>;
  /** Extra headers, e.g. If-None-Match of the revalidation scenario. */
  headers?: Record<string, string>;
}

/** The request line path (with query string) of a call. */
export function requestPath(call: ApiGet): string {
  const qs = new URLSearchParams(call.query).toString();
  return `${API_BASE}${call.path}${qs ? `?${qs}` : ''}`;
}

/** Headers of one send: a fresh timestamp, nonce and signature every time, as the web client does. */
export function signedHeaders(call: ApiGet, keys: SigningKeys): Record<string, string> {
  return { ...call.headers, ...signRequest({ params: call.query, secret: keys.secret, appId: keys.appId }) };
}

/** Sends one signed GET and returns its JSON body, throwing on anything but HTTP 200 code 200. */
export async function getJson<T = Record<string, unknown>>(
  baseUrl: string,
  call: ApiGet,
  keys: SigningKeys,
): Promise<T> {
  const res = await fetch(`${baseUrl}${requestPath(call)}`, { headers: signedHeaders(call, keys) });
  const text = await res.text();
  if (res.status !== 200)
    throw new Error(`GET ${requestPath(call)}: HTTP ${res.status} ${text.slice(0, 200)}`);
  const body = JSON.parse(text) as { code: number } & T;
  if (body.code !== 200) throw new Error(`GET ${requestPath(call)}: code ${body.code} ${text.slice(0, 200)}`);
  return body;
}
