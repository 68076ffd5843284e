import { MSG } from '@yingku/contract';

/**
 * The one error type services throw. The error handler turns it into the envelope
 * `{ code, msg }` with the same HTTP status (DESIGN.md "HTTP contract"). `detail` is the
 * operator's account of it in English, with the values involved, which the admin CLI prints;
 * it never leaves in a response.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string) => new AppError(400, msg);
export const unauthorized = (msg: string = MSG.default401) => new AppError(401, msg);
export const paymentRequired = (msg: string) => new AppError(402, msg);
export const forbidden = (msg: string = MSG.default403) => new AppError(403, msg);
export const notFound = (msg: string = MSG.default404) => new AppError(404, msg);
export const conflict = (msg: string) => new AppError(409, msg);
export const tooManyRequests = (msg: string) => new AppError(429, msg);
