/** Texts of the re-confirmation prompt (decision 070), which docs/product.md does not spell. */
export const REAUTH_TEXT = {
  title: '确认是你本人',
  intro: '这项操作需要再次确认身份。',
  byPassword: '密码',
  byCode: '两步验证码',
  password: '当前密码',
  passwordPlaceholder: '请输入当前密码',
  code: '验证码',
  codePlaceholder: '6位验证码或备用码',
  confirm: '确认',
  cancel: '取消',
} as const;
