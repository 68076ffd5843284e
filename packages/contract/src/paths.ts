/** Every API path of SPEC §7, as Fastify route patterns (`:id`) under {@link API_BASE}. */
export const API_BASE = '/prod-api';

export const API = {
  worksList: '/v2/works/detail/list',
  workDetail: '/v2/works/detail/:id',
  videoStream: '/v2/video/censored/:id',
  magnets: '/v2/dht/list',
  tagChannel: '/v2/tag/channel',
  tagList: '/v2/tag/list',
  performerList: '/v2/works/performer/list',
  openapi: '/openapi.json',
  runtimeConfig: '/v2/app/config',
} as const;

/** Fills `:name` segments of a route pattern, e.g. `fillPath(API.workDetail, { id })`. */
export function fillPath(pattern: string, params: Record<string, string | number>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`fillPath: missing ${name} for ${pattern}`);
    return encodeURIComponent(String(value));
  });
}
