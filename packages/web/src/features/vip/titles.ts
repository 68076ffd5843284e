/**
 * The titles of /pay, /orders and /sub: the route table, in the app's first chunk, needs only these; the
 * screens' other texts (texts.ts) load with the screens.
 */
export const VIP_TITLES = {
  payTitle: '开通VIP',
  ordersTitle: '我的订单',
  subTitle: '激活VIP',
} as const;
