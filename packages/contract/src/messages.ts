/**
 * Every user-visible Chinese text of SPEC.md, spelled exactly as the spec spells it.
 * Server, web and tests import them from here; nothing else spells them.
 */
export const MSG = {
  // §1 age gate (our wording; the spec asks that it state legal age and adult performers)
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

/** Success texts of the envelope (the spec leaves them open; RuoYi-style wording). */
export const OK_MSG = {
  query: '查询成功',
  operation: '操作成功',
} as const;

/** Server-side texts the spec leaves open, for the envelope's `msg`. */
export const SERVER_MSG = {
  badRequest: '请求参数错误',
  /** A NUL character or half of a UTF-16 surrogate pair anywhere in a request's text. */
  badCharacters: '请求参数错误：含有无效字符',
  /** A JSON body nested deeper than LIMITS.maxJsonDepth. */
  bodyTooDeep: '请求参数错误：请求体嵌套过深',
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
  userNameTooLong: '用户名最多32位',
  passwordTooLong: '密码最多32位',
  emailTooShort: '邮箱至少8位',
  emailTooLong: '邮箱最多120位',
  emailInvalid: '邮箱格式不正确',
  userNameTaken: '该用户名已被注册',
  captchaRequired: '请输入验证码',
  captchaWrong: '验证码错误或已失效',
  loginFailed: '用户名或密码错误',
  loginLocked: '登录失败次数过多，请15分钟后再试',
  loginRequired: '请先登录',
  tokenInvalid: '登录状态已失效，请重新登录',
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
  rolesInvalid: '角色只能是 member、staff、admin',
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
export const orderSubject = (packageName: string) => `影库VIP-${packageName}`;

/** Videos of works: what the console and the player say (the spec leaves them open). */
export const VIDEO_MSG = {
  workNotFound: '作品不存在',
  busy: '该作品已有视频正在转码，请等待完成或取消后再试',
  mediaNotFound: '视频不存在',
  notRetryable: '只有失败或已取消的视频可以重试',
  notCancellable: '只有排队或转码中的视频可以取消',
  tooLarge: '文件超过大小上限',
  empty: '文件为空',
  uploadNotFound: '上传不存在或尚未完成',
  notReady: '视频尚未转码完成',
  stillsSet: '已设为作品剧照',
  noFfmpeg: '未找到 ffmpeg：视频转码不可用（安装系统的 ffmpeg，或设置 FFMPEG_PATH 与 FFPROBE_PATH）',
  /** Why a video failed, by reason code, for the console. */
  failures: {
    'not-media': '不是可识别的视频文件',
    'no-video': '文件没有视频画面（只有声音）',
    'no-audio': '文件没有声音',
    'too-short': '视频太短',
    'ffmpeg-failed': '转码失败',
    'ffmpeg-missing': '未找到 ffmpeg',
    'storage-failed': '存储写入失败',
    'timed-out': '转码超时',
    cancelled: '已取消',
  },
} as const;
