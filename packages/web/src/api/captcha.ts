import { API, type CaptchaResponse, LIMITS } from '@yingku/contract';
import { api } from './client';
import { boolean, fail, integer, isObject, text } from './guards';
import type { ResponseSchema } from './request';

/**
 * GET /v2/user/captchaImage's answer checked by hand rather than with the contract's zod schema
 * (`captchaResponse`): it is the login and register screens' first call, and zod (≈ 26 KiB gzip)
 * would otherwise load with their first screen (decision 035). It accepts and rejects what that
 * schema does, and like it keeps only the known fields (captcha.test.ts holds the two side by side).
 */
export const captchaGuard: ResponseSchema<CaptchaResponse> = {
  parse(data) {
    if (!isObject(data)) fail('answer', 'an object');
    return {
      code: integer(data.code, 'code'),
      msg: text(data.msg, 'msg'),
      img: text(data.img, 'img'),
      uuid: text(data.uuid, 'uuid'),
      captchaOnOff: boolean(data.captchaOnOff, 'captchaOnOff'),
    };
  },
};

/** The captcha of the login and register forms (docs/product.md §7), asked without a token. */
export const captchaApi = {
  captcha: (signal?: AbortSignal) =>
    api.get(
      API.captcha,
      {},
      { schema: captchaGuard, auth: false, timeoutMs: LIMITS.captchaTimeoutMs, signal },
    ),
};
