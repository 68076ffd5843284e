import { randomUUID } from 'node:crypto';
import { LIMITS, SERVER_MSG } from '@yingku/contract';
import svgCaptcha from 'svg-captcha';
import { badRequest } from '../../http/errors';
import type { GuardRepo } from './guard.repo';
import { isUuid } from './session.repo';

export interface IssuedCaptcha {
  /** `data:image/svg+xml;base64,…`, or '' when captchas are off. */
  img: string;
  uuid: string;
  captchaOnOff: boolean;
}

export interface CaptchaService {
  /** A captcha, or none when captchas are off — unless `required` (a slowed address). */
  issue(required?: boolean): Promise<IssuedCaptcha>;
  /**
   * Throws 400 unless `code` answers captcha `uuid`. The captcha is spent by this check, right
   * or wrong. Does nothing when captchas are off, unless `required`.
   */
  check(uuid: string | undefined, code: string | undefined, required?: boolean): Promise<void>;
}

/** Characters easy to confuse in a noisy image are never used. */
const CAPTCHA_OPTIONS = {
  size: LIMITS.captchaMin,
  noise: 2,
  ignoreChars: '0oO1iIlL',
  width: 120,
  height: 40,
};

/** Image captchas (svg-captcha), stored in the captchas table where every instance sees them. */
export function createCaptchaService(guard: GuardRepo, enabled: boolean): CaptchaService {
  return {
    async issue(required = false) {
      if (!enabled && !required) return { img: '', uuid: '', captchaOnOff: false };
      const { text, data } = svgCaptcha.create(CAPTCHA_OPTIONS);
      const uuid = randomUUID();
      await guard.saveCaptcha(uuid, text.toLowerCase(), LIMITS.captchaMinutes);
      const img = `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`;
      return { img, uuid, captchaOnOff: true };
    },
    async check(uuid, code, required = false) {
      if (!enabled && !required) return;
      if (!uuid || !code) throw badRequest(SERVER_MSG.captchaRequired);
      const stored = isUuid(uuid) ? await guard.takeCaptcha(uuid) : undefined;
      if (!stored?.live || stored.answer !== code.trim().toLowerCase()) {
        throw badRequest(SERVER_MSG.captchaWrong);
      }
    },
  };
}
