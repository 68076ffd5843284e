import { captchaResponse } from '@yingku/contract';
import { describe } from 'vitest';
import { itJudgesAsTheSchema } from './guard-parity';
import { captchaGuard } from './captcha';

const answer = {
  code: 200,
  msg: '操作成功',
  img: 'data:image/svg+xml;base64,PHN2Zy8+',
  uuid: 'u-1',
  captchaOnOff: true,
};

/** Answers the server might send, good and bad; the guard must judge each as the zod schema does. */
const samples: Record<string, unknown> = {
  'a captcha': answer,
  'captchas off': { ...answer, img: '', uuid: '', captchaOnOff: false },
  'extra fields (dropped)': { ...answer, extra: 1 },
  'no img': { ...answer, img: undefined },
  'a null uuid': { ...answer, uuid: null },
  'captchaOnOff as a string': { ...answer, captchaOnOff: 'true' },
  'captchaOnOff as 1': { ...answer, captchaOnOff: 1 },
  'a fractional code': { ...answer, code: 200.5 },
  'code as a string': { ...answer, code: '200' },
  'no msg': { ...answer, msg: undefined },
  null: null,
  'an array': [],
  'a string': 'ok',
};

describe('the captcha guard', () => {
  itJudgesAsTheSchema(captchaGuard, captchaResponse, samples);
});
