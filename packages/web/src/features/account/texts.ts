import { ACCOUNT_TITLES } from './titles';

/** Interface texts of the login and register screens that docs/product.md does not spell. */
export const ACCOUNT_TEXT = {
  ...ACCOUNT_TITLES,
  loginHeading: '欢迎回来',
  loginIntro: '登录后即可收藏、点赞，片单多设备同步',
  registerHeading: '注册账号',
  registerIntro: '注册免费账号，收藏喜欢的作品',
  userName: '用户名',
  password: '密码',
  confirmPassword: '确认密码',
  email: '安全邮箱',
  captcha: '验证码',
  userNamePlaceholder: '请输入用户名',
  newUserNamePlaceholder: '6-32位字符',
  passwordPlaceholder: '请输入密码',
  newPasswordPlaceholder: '8-32位字符',
  confirmPasswordPlaceholder: '请再次输入密码',
  emailPlaceholder: '请输入常用邮箱',
  captchaPlaceholder: '请输入验证码',
  captchaAlt: '验证码',
  /** Accessible name of the captcha image: tapping it loads another. */
  captchaRefresh: '看不清？换一张',
  captchaRetry: '点击重试',
  /** The accessible name of a field's clear button. */
  clear: '清除',
  showPassword: '显示密码',
  hidePassword: '隐藏密码',
  rememberMe: '记住密码',
  login: '登录',
  register: '注册',
  noAccount: '还没有账号？',
  toRegister: '立即注册',
  haveAccount: '已有账号？',
  toLogin: '去登录',
} as const;
