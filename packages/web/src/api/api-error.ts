import { httpStatusError, MSG } from '@yingku/contract';

/**
 * How a call failed: the body's `code` said so, the HTTP status did (no envelope), the network
 * or the timeout did, a successful body did not have the expected shape, or the client refused
 * to send a duplicate write (docs/product.md §5).
 */
export type ApiErrorKind = 'code' | 'http' | 'network' | 'timeout' | 'invalid' | 'duplicate';

/** The one error every API call rejects with; `message` is the text to show the user. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** The body's `code` (kind `code`) or the HTTP status (kind `http`). */
    readonly code?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const DEFAULT_TEXT: Readonly<Record<number, string>> = {
  401: MSG.default401,
  403: MSG.default403,
  404: MSG.default404,
};

/**
 * The text of a failed body code (docs/product.md §8): the body's own `msg`, else the default for the code.
 */
export function codeErrorText(code: number, msg: unknown): string {
  const own = typeof msg === 'string' ? msg.trim() : '';
  return own || DEFAULT_TEXT[code] || MSG.defaultOther;
}

/**
 * docs/product.md §8's transport errors (shown as toasts): no connection, the timeout, a bare HTTP status.
 */
export const isTransportFailure = (error: ApiError): boolean =>
  error.kind === 'network' || error.kind === 'timeout' || error.kind === 'http';

export const timeoutError = () => new ApiError('timeout', MSG.timeoutError);
export const networkError = () => new ApiError('network', MSG.networkError);
export const invalidBodyError = () => new ApiError('invalid', MSG.defaultOther);
export const duplicateWriteError = () => new ApiError('duplicate', MSG.tooFast);

/**
 * Reads a finished response. The body's `code` decides first (200 is success), so an error
 * envelope is understood whatever its HTTP status; a bare HTTP error gets the status text.
 * Returns the envelope on success, throws {@link ApiError} otherwise.
 */
export function interpretResponse(status: number, body: unknown): Record<string, unknown> {
  if (isEnvelope(body)) {
    if (body.code === 200) return body;
    throw new ApiError('code', codeErrorText(body.code, body.msg), body.code);
  }
  if (status < 200 || status >= 300) throw new ApiError('http', httpStatusError(status), status);
  throw invalidBodyError();
}

function isEnvelope(body: unknown): body is Record<string, unknown> & { code: number } {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}
