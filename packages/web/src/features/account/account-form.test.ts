import {
  type CaptchaResponse,
  MSG,
  passwordField,
  PRIVACY_VERSION,
  SERVER_MSG,
  userNameField,
} from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import {
  afterLoginPath,
  checkCaptcha,
  checkConfirmPassword,
  checkEmail,
  checkPassword,
  checkUserName,
  loginChecks,
  registerChecks,
  toLoginBody,
  toRegisterBody,
} from './account-form';
import { checkAll } from './use-account-form';

const captchaOn: CaptchaResponse = { code: 200, msg: '', img: 'data:,', uuid: 'uuid-1', captchaOnOff: true };
const captchaOff: CaptchaResponse = { ...captchaOn, img: '', uuid: '', captchaOnOff: false };

describe('login and register checks (docs/product.md §5)', () => {
  it('wants a user name of more than 5 characters, at most 32, trimmed', () => {
    expect(checkUserName('abcde')).toBe(MSG.userNameTooShort);
    expect(checkUserName('  abcde  ')).toBe(MSG.userNameTooShort);
    expect(checkUserName('')).toBe(MSG.userNameTooShort);
    expect(checkUserName(undefined)).toBe(MSG.userNameTooShort);
    expect(checkUserName('abcdef')).toBeUndefined();
    expect(checkUserName('用户名六个字')).toBeUndefined();
    expect(checkUserName('a'.repeat(32))).toBeUndefined();
    expect(checkUserName('a'.repeat(33))).toBe(SERVER_MSG.userNameTooLong);
  });

  it('wants a password of more than 7 characters, at most 32', () => {
    expect(checkPassword('1234567')).toBe(MSG.passwordTooShort);
    expect(checkPassword(' 1234567 ')).toBe(MSG.passwordTooShort);
    expect(checkPassword('12345678')).toBeUndefined();
    expect(checkPassword('p'.repeat(32))).toBeUndefined();
    expect(checkPassword('p'.repeat(33))).toBe(SERVER_MSG.passwordTooLong);
  });

  it("judges names and passwords as the contract's field schemas do (the server's rules)", () => {
    const firstIssue = (schema: typeof userNameField | typeof passwordField, value: string) => {
      const result = schema.safeParse(value);
      return result.success ? undefined : result.error.issues[0]?.message;
    };
    const samples = [
      '',
      ' ',
      'abcde',
      ' abcdef ',
      '用户名六个字',
      '😀😀😀',
      '😀😀😀😀😀😀',
      '👨‍👩‍👧👨‍👩‍👧',
      `${'😀'.repeat(32)}`,
      `${'😀'.repeat(33)}`,
      'a'.repeat(32),
      'a'.repeat(33),
      '1234567',
      '12345678',
      `${'p'.repeat(32)} `,
    ];
    for (const value of samples) {
      expect(checkUserName(value), value).toBe(firstIssue(userNameField, value.trim()));
      expect(checkPassword(value), value).toBe(firstIssue(passwordField, value.trim()));
    }
  });

  it('wants a captcha answer of more than 3 characters', () => {
    expect(checkCaptcha('abc')).toBe(MSG.captchaTooShort);
    expect(checkCaptcha(' ab ')).toBe(MSG.captchaTooShort);
    expect(checkCaptcha(undefined)).toBe(MSG.captchaTooShort);
    expect(checkCaptcha('ab3d')).toBeUndefined();
  });

  it('wants a safe e-mail of more than 7 characters, at most 120, shaped like an address', () => {
    expect(checkEmail('a@b.cn')).toBe(SERVER_MSG.emailTooShort);
    expect(checkEmail('ab@cd.cn')).toBeUndefined();
    expect(checkEmail(` ${'a'.repeat(108)}@example.com `)).toBeUndefined(); // 120 after trimming
    expect(checkEmail(`${'a'.repeat(109)}@example.com`)).toBe(SERVER_MSG.emailTooLong);
    expect(checkEmail('not-an-address')).toBe(SERVER_MSG.emailInvalid);
    expect(checkEmail('two words@example.com')).toBe(SERVER_MSG.emailInvalid);
  });

  it('wants the repeat to pass the password rule and to equal the password', () => {
    expect(checkConfirmPassword('password1', 'pass')).toBe(MSG.passwordTooShort);
    expect(checkConfirmPassword('password1', 'password2')).toBe(MSG.passwordsDiffer);
    expect(checkConfirmPassword('password1', 'password1 ')).toBeUndefined();
    expect(checkConfirmPassword(undefined, 'password1')).toBe(MSG.passwordsDiffer);
  });

  it("checks a whole form in its fields' order, the repeat against the password", () => {
    const checks = registerChecks(false);
    const values = {
      userName: 'abc',
      password: 'password1',
      confirmPassword: 'password2',
      email: '',
      code: '',
    };
    expect(Object.entries(checkAll(values, checks))).toEqual([
      ['userName', MSG.userNameTooShort],
      ['confirmPassword', MSG.passwordsDiffer],
      ['email', SERVER_MSG.emailTooShort],
      ['code', MSG.captchaTooShort],
    ]);
    const good = { ...values, userName: 'tester01', confirmPassword: 'password1', email: 'a1@example.com' };
    expect(checkAll(good, registerChecks(true))).toEqual({});
    expect(checkAll({ userName: '', password: '', code: '', rememberMe: false }, loginChecks(true))).toEqual({
      userName: MSG.userNameTooShort,
      password: MSG.passwordTooShort,
    });
  });
});

describe('request bodies', () => {
  it('trims the login inputs and sends the captcha only while captchas are on', () => {
    const values = { userName: ' tester01 ', password: ' password1 ', code: ' ab3d ', rememberMe: true };
    expect(toLoginBody(values, captchaOn)).toEqual({
      userName: 'tester01',
      password: 'password1',
      rememberMe: true,
      code: 'ab3d',
      uuid: 'uuid-1',
    });
    expect(toLoginBody({ ...values, code: '' }, captchaOff)).toEqual({
      userName: 'tester01',
      password: 'password1',
      rememberMe: true,
    });
  });

  it('trims the register inputs the same way, and names the notice agreed to', () => {
    const values = {
      userName: 'tester01 ',
      password: ' password1',
      confirmPassword: 'password1 ',
      email: ' tester01@example.com ',
      code: 'ab3d',
    };
    expect(toRegisterBody(values, captchaOn)).toEqual({
      consentVersion: PRIVACY_VERSION,
      userName: 'tester01',
      password: 'password1',
      confirmPassword: 'password1',
      email: 'tester01@example.com',
      code: 'ab3d',
      uuid: 'uuid-1',
    });
    expect(toRegisterBody(values, undefined)).not.toHaveProperty('code');
  });
});

describe('afterLoginPath', () => {
  it('goes where the opener asked, within the site, else to the member center', () => {
    expect(afterLoginPath({ returnTo: '/admin' })).toBe('/admin');
    expect(afterLoginPath({ returnTo: '/admin/inbox/12' })).toBe('/admin/inbox/12');
    expect(afterLoginPath(null)).toBe('/user');
    expect(afterLoginPath({ userName: 'someone' })).toBe('/user');
    expect(afterLoginPath({ returnTo: '//evil.example/x' })).toBe('/user');
    expect(afterLoginPath({ returnTo: '/\\evil.example' })).toBe('/user');
    expect(afterLoginPath({ returnTo: 'https://evil.example/' })).toBe('/user');
    expect(afterLoginPath({ returnTo: 42 })).toBe('/user');
  });
});
