/** Query parameters that carry a capability (signed stream and pay-page links). */
const SECRET_QUERY_PARAMS = /([?&](?:sig|token|access_token|refresh_token)=)[^&#]*/gi;

/** A stream token's signature in an address (docs/decisions/054): `/img/hls/{kid}/{exp}/{sig}/`. */
const STREAM_TOKEN_SIG = /^(\/img\/hls\/[A-Za-z0-9]{1,16}\/\d{1,12}\/)[A-Za-z0-9_-]+/;

/**
 * A URL with the values of capability parameters, and a stream token's signature, replaced: what
 * a log line (http/logging.ts) and a span (telemetry/tracing-sdk.ts) may hold. Imports nothing, so
 * tracing can load it before the modules it instruments.
 */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[redacted]').replace(STREAM_TOKEN_SIG, '$1[redacted]');
}
