import { MSG, type OrderRow, PAGE_SIZE, PAYMENT_ERROR } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import { VIP_TEXT } from './texts';
import {
  channelName,
  checkActivationCode,
  latestOrders,
  orderStatusView,
  paymentTarget,
  perDayText,
  promoLabel,
  showsOrigPrice,
  showYuan,
} from './vip-model';

describe('showYuan', () => {
  it('drops whole-yuan decimals and keeps two otherwise', () => {
    expect(showYuan('198.00')).toBe('198');
    expect(showYuan('45.00')).toBe('45');
    expect(showYuan('19.90')).toBe('19.90');
    expect(showYuan('0.30')).toBe('0.30');
  });

  it('refuses anything but the wire form of an amount', () => {
    expect(() => showYuan('19.9')).toThrow(RangeError);
  });
});

describe('promoLabel (docs/product.md §2: a label when the prices differ)', () => {
  it('labels a lower current price with the saving', () => {
    expect(promoLabel({ currentPrice: '198.00', origPrice: '398.00' })).toEqual({
      tag: VIP_TEXT.promo,
      saving: '省¥200',
    });
    expect(promoLabel({ currentPrice: '45.00', origPrice: '60.00' })).toEqual({
      tag: '限时优惠',
      saving: '省¥15',
    });
    expect(promoLabel({ currentPrice: '19.90', origPrice: '29.90' })?.saving).toBe('省¥10');
    expect(promoLabel({ currentPrice: '0.70', origPrice: '1.00' })?.saving).toBe('省¥0.30');
  });

  it('shows no label and no struck price when the prices are equal or the "original" is lower', () => {
    expect(promoLabel({ currentPrice: '45.00', origPrice: '45.00' })).toBeNull();
    expect(promoLabel({ currentPrice: '0.30', origPrice: '0.30' })).toBeNull();
    expect(promoLabel({ currentPrice: '60.00', origPrice: '45.00' })).toBeNull();
    expect(showsOrigPrice({ currentPrice: '45.00', origPrice: '45.00' })).toBe(false);
    expect(showsOrigPrice({ currentPrice: '45.00', origPrice: '60.00' })).toBe(true);
  });
});

describe('perDayText', () => {
  it('rounds the daily price up to the cent', () => {
    expect(perDayText({ currentPrice: '198.00', days: 365 })).toBe('约¥0.55/天');
    expect(perDayText({ currentPrice: '45.00', days: 60 })).toBe('约¥0.75/天');
    expect(perDayText({ currentPrice: '45.00', days: 0 })).toBeNull();
  });
});

describe('paymentTarget (docs/product.md §8: `error` means the payment system is broken)', () => {
  const base = 'https://yingku.example/pay';
  it('answers null for the literal error', () => {
    expect(PAYMENT_ERROR).toBe('error');
    expect(paymentTarget('error', base)).toBeNull();
  });

  it('opens http(s) links, relative ones on this site', () => {
    expect(paymentTarget('https://openapi.alipay.com/gateway.do?x=1', base)).toEqual({
      kind: 'page',
      url: 'https://openapi.alipay.com/gateway.do?x=1',
    });
    expect(paymentTarget('/pay/sandbox/123?t=abc', base)).toEqual({
      kind: 'page',
      url: 'https://yingku.example/pay/sandbox/123?t=abc',
    });
  });

  it('refuses links that are not web pages', () => {
    expect(paymentTarget('javascript:alert(1)', base)).toBeNull();
    expect(paymentTarget('data:text/html,<b>x</b>', base)).toBeNull();
    expect(paymentTarget('weixin://wxpay/bizpayurl?pr=<script>', base)).toBeNull();
  });

  it('shows a WeChat Native code as a QR to scan, not a page', () => {
    expect(paymentTarget('weixin://wxpay/bizpayurl?pr=AbC123xyz', base)).toEqual({
      kind: 'qr',
      code: 'weixin://wxpay/bizpayurl?pr=AbC123xyz',
    });
  });

  it('answers null for what is not a URL at all', () => {
    expect(paymentTarget('http://[::1', base)).toBeNull();
  });
});

describe('orderStatusView (docs/product.md §4)', () => {
  it('0 is unpaid with its buttons, 1 complete, anything else abnormal', () => {
    expect(orderStatusView(0)).toEqual({ kind: 'unpaid', text: '待支付', color: 'warning', actions: true });
    expect(orderStatusView(1)).toEqual({ kind: 'paid', text: '已完成', color: 'success', actions: false });
    for (const status of [2, 3, -1, 9]) {
      expect(orderStatusView(status)).toEqual({
        kind: 'abnormal',
        text: '异常',
        color: 'danger',
        actions: false,
      });
    }
  });
});

describe('channelName', () => {
  it('names the two channels and passes an unknown one through', () => {
    expect(channelName('alipay')).toBe('支付宝');
    expect(channelName('weixin')).toBe('微信支付');
    expect(channelName('paypal')).toBe('paypal');
  });
});

describe('latestOrders (docs/product.md §9: only the latest 20)', () => {
  it('keeps the first 20 of the newest-first list', () => {
    const rows = Array.from({ length: 23 }, (_, i): OrderRow => ({
      orderId: String(1000 + i),
      payName: '年卡',
      createTime: '2026-01-01 00:00:00',
      status: 0,
      amount: '198.00',
      payChannel: 'alipay',
      payTime: null,
    }));
    expect(PAGE_SIZE.orders).toBe(20);
    expect(latestOrders(rows).map((row) => row.orderId)).toEqual(rows.slice(0, 20).map((row) => row.orderId));
    expect(latestOrders(rows.slice(0, 3))).toHaveLength(3);
  });
});

describe('checkActivationCode (docs/product.md §5: at least 8 characters)', () => {
  it('trims, then refuses fewer than 8 characters with 激活码至少8位', () => {
    expect(checkActivationCode(undefined)).toEqual({ ok: false, message: MSG.activationCodeTooShort });
    expect(checkActivationCode('')).toEqual({ ok: false, message: '激活码至少8位' });
    expect(checkActivationCode('1234567')).toEqual({ ok: false, message: '激活码至少8位' });
    expect(checkActivationCode('   1234567   ')).toEqual({ ok: false, message: '激活码至少8位' });
  });

  it('accepts 8 or more characters, trimmed', () => {
    expect(checkActivationCode('12345678')).toEqual({ ok: true, code: '12345678' });
    expect(checkActivationCode('  ABCD-EFGH-JKMN  ')).toEqual({ ok: true, code: 'ABCD-EFGH-JKMN' });
  });

  it('refuses a code longer than the contract allows', () => {
    const result = checkActivationCode('A'.repeat(65));
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).not.toBe('');
  });
});
