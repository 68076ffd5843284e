/**
 * Every user-visible Chinese text that docs/product.md quotes, spelled exactly as it spells it.
 * Server, web and tests import them from here; nothing else spells them.
 */
export const MSG = {
  // §1 age gate (our wording; docs/product.md §1 asks that it state legal age and adult performers)
  ageGateTitle: '年龄确认',
  ageGateText:
    '本站内容仅适合已满18周岁的成年人浏览。进入即表示您确认已达到所在地区的法定成年年龄，并知悉本站收录的所有演员均为成年人。',
  ageGateEnter: '我已满18岁，进入',
  ageGateLeave: '未满18岁，离开',

  // §2 / §5 work detail
  badDetailId: '出错了,请访问正确的网址！！',
  magnetsEmpty: '暂无磁力链接',
  loading: '加载中',

  // §4 / §5 accounts
  alreadyLoggedIn: '您已经成功登陆账号',
  registerSuccess: '恭喜您,注册成功!',
  userNameTooShort: '用户名至少6位数',
  passwordTooShort: '密码至少需要8位数',
  captchaTooShort: '请输入4位验证码',
  passwordsDiffer: '两次密码输出不一致,请重新输入',

  // §5 search
  keywordWarning: '请输入搜索内容！,限制为1-32个字符',
  keywordInfo: '搜索限制为1-32个字符',

  // §5 library, codes, messages
  folderNameRequired: '收藏夾名字未填写',
  activationCodeTooShort: '激活码至少8位',
  followUpEmpty: '请填写后提交',
  tooFast: '您的操作速度太快了！',

  // §6 copying
  copyEmpty: '复制内容为空！',
  copySuccess: '复制成功！',
  copyFailed: '复制失败,请手动复制',
  loginRequired: '需要登陆账号才可以使用该功能！',
  memberCopyCap: '非VIP用户,每日最多复制100次,,请先收藏后次日下载或升级VIP',

  // §8 error catalogue
  loginDialogTitle: '登录提示',
  loginDialogText: '未登录账号/或登陆状态过期',
  loginDialogConfirm: '去登陆',
  default401: '认证失败，无法访问系统资源',
  default403: '登陆信息已过期,请重新登陆',
  default404: '访问资源不存在',
  defaultOther: '系统未知错误，请反馈给管理员',
  networkError: '后端接口连接异常',
  timeoutError: '系统接口请求超时',
  /** Use {@link httpStatusError} to fill in the status. */
  httpStatusError: '系统接口{status}异常',
  paymentBroken: '支付系统故障了',
  noReplyYet: '客服还没有回复这个留言',
  submitted: '提交成功',
  topicClosed: '已关闭该话题',

  // §9 sizes
  sizeUnknown: '未知',
} as const;

/** The transport text for an HTTP status error, e.g. 系统接口502异常. */
export function httpStatusError(status: number): string {
  return MSG.httpStatusError.replace('{status}', String(status));
}
