import { ACCOUNT_FIELD_MSG } from './account-field-messages';

// The envelope's and the server's own texts, which docs/product.md leaves open: beside messages.ts (the
// product's texts, which the web app's first screens show) so that a bundle of the web app carries
// them only in the code that shows them — the console — and not on every visitor's first page.

/** Success texts of the envelope (docs/product.md leaves them open; RuoYi-style wording). */
export const OK_MSG = {
  query: '查询成功',
  operation: '操作成功',
} as const;

/** Server-side texts docs/product.md leaves open, for the envelope's `msg`. */
export const SERVER_MSG = {
  badRequest: '请求参数错误',
  /** A NUL character or half of a UTF-16 surrogate pair anywhere in a request's text. */
  badCharacters: '请求参数错误：含有无效字符',
  /** A JSON body nested deeper than LIMITS.maxJsonDepth. */
  bodyTooDeep: '请求参数错误：请求体嵌套过深',
  /** A JSON body with a `__proto__` key or a `constructor` holding `prototype` (prototype poisoning). */
  bodyForbiddenKeys: '请求参数错误：请求体含有不允许的键',
  /** The request line and headers past Node's limit (HTTP 431), e.g. a huge query string. */
  headersTooLarge: '请求参数错误：请求地址或请求头过长',
  /** The client took too long to send its request (HTTP 408). */
  requestTimeout: '请求超时，请重试',
  workNotFound: '作品不存在',
  badWorkId: '作品编号必须是数字',
  signatureMissing: '请求签名缺失',
  signatureExpired: '请求已过期，请校准设备时间后重试',
  signatureReplayed: '请求重复提交',
  signatureInvalid: '请求签名错误',
  tooManyRequests: '请求过于频繁，请稍后再试',
  /** The database could not be reached or had no free connection in time (HTTP 503). */
  serviceUnavailable: '服务繁忙，请稍后再试',
  unknownTable: '未知的列表类型',
  ...ACCOUNT_FIELD_MSG,
  userNameTaken: '该用户名已被注册',
  captchaRequired: '请输入验证码',
  captchaWrong: '验证码错误或已失效',
  loginFailed: '用户名或密码错误',
  loginLocked: '登录失败次数过多，请15分钟后再试',
  loginRequired: '请先登录',
  tokenInvalid: '登录状态已失效，请重新登录',
  // 账号与安全: the member's own password and logins.
  currentPasswordRequired: '请输入当前密码',
  currentPasswordWrong: '当前密码错误',
  passwordUnchanged: '新密码不能与当前密码相同',
  sessionNotFound: '该登录设备不存在或已退出',
  folderNameTooLong: '收藏夹名字最多30个字符',
  folderDescriptionTooLong: '收藏夹描述最多200个字符',
  tooManyFolders: '每部作品最多收藏到5个收藏夹',
  tooManyUserFolders: '收藏夹数量已达上限',
  folderNotFound: '收藏夹不存在',
  messageTooLong: '留言最多150个字符',
  threadNotFound: '留言不存在',
  /** A member opening too many new threads just now. */
  threadsTooFrequent: '留言过于频繁，请稍后再试',
  threadClosed: '该话题已关闭，请发起新的留言',
  staffOnly: '仅限客服人员',
  packageNotFound: 'VIP套餐不存在或已下架',
  /** A member with too many unpaid orders placed just now. */
  ordersTooFrequent: '未支付的订单过多，请先完成支付或稍后再试',
  /** A pay channel with no provider on this site (and no sandbox chosen). */
  payChannelUnavailable: '该支付方式暂未开通，请选择其他支付方式或使用激活码',
  orderNotFound: '订单不存在',
  orderPaid: '订单已支付，VIP已开通',
  orderUnpaid: '订单尚未支付',
  orderClosed: '订单已关闭',
  codeInvalid: '激活码无效或已被使用',
  codeLocked: '激活码错误次数过多，请稍后再试',
  vipRequired: '在线观看仅限VIP会员，请升级VIP或使用磁力链接',
  notOnline: '该作品暂不支持在线观看，请使用磁力链接',
  // The operators' console (orders, users, VIP packages, activation codes).
  accountDisabled: '该账号已停用',
  adminOnly: '仅限管理员',
  userNotFound: '用户不存在',
  nothingToChange: '没有要修改的内容',
  vipUntilInvalid: 'VIP到期时间格式应为 YYYY-MM-DD HH:mm:ss',
  rolesInvalid: '角色只能是 member、support、content、finance、admin',
  cannotRemoveOwnAdmin: '不能取消自己的管理员角色',
  cannotDisableSelf: '不能停用自己的账号',
  packageMissing: 'VIP套餐不存在',
  packageNameInvalid: '套餐名称须为1-20个字符',
  packageNameDigits: '套餐名称不能只有数字',
  packageNameTaken: '已有同名的在售套餐',
  packageRemarkTooLong: '套餐说明最多100个字符',
  priceInvalid: '价格须大于0，最多两位小数，例如 45 或 45.50',
  origPriceBelowPrice: '原价不能低于现价',
  packageDaysInvalid: '天数须为1-3650的整数',
  packageSortInvalid: '排序须为整数',
  packageStatusInvalid: '状态只能是0（在售）或1（下架）',
  codeCountInvalid: '生成数量须为1-1000',
  batchNameInvalid: '批次名称最多64个字符',
  // The console's catalogue (works, imports) and cloud downloads.
  isOnlineInvalid: '在线状态只能是0（不在线）或1（在线）',
  hiddenInvalid: '隐藏状态只能是true或false',
  importFileNameInvalid: '文件名最多120个字符',
  importEmpty: '导入文件为空',
  importTooLarge: '导入文件不能超过20MB',
  importNotFound: '导入任务不存在',
  importRunning: '已有导入任务正在进行，请等它完成后再导入',
  /** A job whose server stopped or failed mid-way; what it wrote stays, and a rerun is safe. */
  importInterrupted: '导入已中断（服务器停止或出错），已导入的行保留，可重新导入同一文件',
  cloudUrlTooLong: '链接最多2000个字符',
  cloudDownloadNotFound: '下载请求不存在',
  cloudVipRequired: '云下载仅限VIP会员，请升级VIP或使用磁力链接',
  cloudAlreadyRequested: '已提交过该作品的云下载请求',
  // Members' ratings and reviews (decision 044).
  starsInvalid: '评分须为1-5星',
  reviewEmpty: '评论内容不能为空',
  reviewTooLong: '评论最多500个字符',
  reviewNotFound: '评论不存在',
  ratingNotFound: '你还没有评价这部作品',
  /** The caller's own review, hidden by staff: it can no longer be changed or deleted. */
  reviewHiddenByStaff: '该评论已被管理员隐藏，不能修改或删除',
  reviewsTooFrequent: '评价过于频繁，请稍后再试',
  ownReviewHelpful: '不能给自己的评论点有用',
  ownReviewReport: '不能举报自己的评论',
  // Follows and marks (decision 045).
  entityNotFound: '该演员、厂商、系列或导演不存在',
  tooManyFollows: '关注数量已达上限（500个），请先取消一些关注',
  followKindInvalid: '关注类型只能是 performer、maker、series、director',
  markInvalid: '标记只能是 want、watched 或 none',
  /** The folder every user has, where a plain collect goes. */
  defaultFolderName: '默认收藏夹',
} as const;

/** The server-rendered sandbox pay page (the local stand-in for Alipay and WeChat Pay). */
export const SANDBOX_PAY_TEXT = {
  title: '影库 沙箱支付',
  notice: '这是本地沙箱支付页面，不会产生任何真实扣款。',
  packageLabel: '套餐',
  amountLabel: '金额',
  channelLabel: '支付方式',
  orderLabel: '订单号',
  channels: { alipay: '支付宝', weixin: '微信支付' },
  pay: '确认支付',
  paid: '支付成功',
  alreadyPaid: '该订单已支付',
  closed: '该订单已关闭',
  failed: '支付失败，请返回订单页重试',
  invalidLink: '支付链接无效或订单不存在',
  backToOrders: '查看我的订单',
} as const;

/** The subject a provider shows for an order, e.g. 影库VIP-年卡. */
/**
 * A VIP account already streams on as many devices as the site allows (MEDIA_STREAMS_PER_VIP):
 * the third device is told the limit, and that a stopped device frees its place within a minute.
 */
export const streamLimitMessage = (limit: number) =>
  `同一VIP账号最多同时在${limit}台设备上在线观看，请先停止其他设备上的播放，约1分钟后再试`;

export const orderSubject = (packageName: string) => `影库VIP-${packageName}`;
