import { VIP_TITLES } from './titles';

/**
 * Texts of /pay, /orders and /sub that docs/product.md does not spell (its own are in the contract's MSG).
 */
export const VIP_TEXT = {
  ...VIP_TITLES,
  // /pay
  heroTitle: 'VIP会员',
  heroIntro: '磁力链接无限复制，约2000部作品在线观看',
  /** `{date}` is YYYY-MM-DD. */
  heroVipUntil: '您的VIP有效期至 {date}，续费后顺延',
  // What VIP gives per docs/product.md §1; nothing else is promised (there is no early access to new works).
  benefits: ['磁力无限复制', '在线观看'],
  packagesLabel: 'VIP套餐',
  packagesFailed: '套餐加载失败',
  packagesEmpty: '暂无可购买的套餐',
  retry: '重新加载',
  promo: '限时优惠',
  /** `{amount}` is the saving in yuan. */
  saving: '省¥{amount}',
  perDay: '约¥{amount}/天',
  days: '{days}天',
  noRefund: 'VIP为虚拟商品，开通后不支持退款，请确认后再购买。',
  noRefundTitle: '温馨提示',
  selected: '已选',
  buy: '立即开通',
  /** No pay channel takes payments on this site (no provider configured, no sandbox). */
  payUnavailable: '暂未开通在线支付，请使用激活码开通VIP',
  toRedeem: '使用激活码',
  /** The demo's sandbox takes the payments: no money moves. */
  sandboxNotice: '演示站点：支付为本地沙箱模拟，不会产生真实扣款',
  confirmTitle: '确认订单',
  confirmPackage: '套餐',
  confirmAmount: '应付金额',
  confirmPay: '确认支付',
  cancel: '取消',
  channelTitle: '选择支付方式',
  submitting: '正在创建订单…',
  startedTitle: '请在新窗口完成支付',
  scanTitle: '请使用微信扫码支付',
  scanText: '打开微信“扫一扫”，扫描二维码完成支付；支付完成后可在订单页查看结果。',
  scanFailed: '二维码生成失败，请改用支付宝或稍后重试',
  startedText: '支付完成后，可在订单页查看支付结果；如未及时到账，可在订单页刷新支付。',
  blockedTitle: '请点击下方按钮前往支付',
  blockedText: '浏览器拦截了新窗口。点击“前往支付”在新窗口打开支付页面，支付完成后到订单页查看结果。',
  openPayment: '前往支付',
  reopenPayment: '支付页面没有打开？点此前往支付',
  toOrders: '查看订单',
  close: '关闭',

  // /orders
  ordersLatest: '仅显示最近20条订单',
  ordersFailed: '订单加载失败',
  ordersEmpty: '还没有订单',
  ordersEmptyHint: '开通VIP后，订单会显示在这里',
  toPay: '开通VIP',
  loginToSeeOrders: '登录后查看您的订单',
  goLogin: '去登录',
  orderNo: '订单号',
  orderAmount: '金额',
  orderChannel: '支付方式',
  orderCreated: '下单时间',
  orderPaid: '支付时间',
  statusUnpaid: '待支付',
  statusPaid: '已完成',
  statusAbnormal: '异常',
  refreshPayment: '刷新支付',
  contactService: '联系客服',
  abnormalHint: '订单状态异常，如已付款请联系客服',

  // /sub
  subHeading: '激活码兑换VIP',
  subIntro: '输入您获得的激活码，兑换对应时长的VIP会员',
  codeLabel: '激活码',
  codePlaceholder: '请输入激活码',
  activate: '激活',
  activated: '激活成功',
  newGroup: '会员等级',
  vipUntil: 'VIP有效期至',
  toMember: '去会员中心',
  loginHint: '激活前请先登录账号',
} as const;

/** Names of the pay channels (docs/product.md §4: alipay, weixin). */
export const CHANNEL_NAME = {
  alipay: '支付宝',
  weixin: '微信支付',
} as const;

/** `text` with each `{name}` replaced by `values[name]`. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
