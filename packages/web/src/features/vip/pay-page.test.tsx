import { API, MSG, type VipPackage } from '@yingku/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setTestRuntimeConfig, stubApi } from '../../test/render';
import { PayPage } from './pay-page';
import { CHANNEL_NAME, VIP_TEXT } from './texts';

// The purchase of docs/product.md §4 on /pay, as a buyer goes through it. Only fetch is stubbed (the
// packages and the order's answer) and window.open (the payment page's window).

const YEAR: VipPackage = {
  id: '11',
  name: '年卡',
  remark: '一年',
  currentPrice: '45.00',
  origPrice: '90.00',
  days: 365,
};
const SEASON: VipPackage = { ...YEAR, id: '12', name: '季卡', remark: '三个月', days: 90 };

/**
 * /pay selling `pkg`, whose order answers `answer` (a payment link, `error`, or a promise still on
 * its way). The client refuses the same write twice within seconds (您的操作速度太快了！), so each
 * test buys a different package or through a different channel.
 */
function openPay(answer: string | Promise<string>, pkg: VipPackage = YEAR) {
  const orders: Record<string, unknown>[] = [];
  stubApi({
    [API.vipList]: () => ({ code: 200, msg: '', rows: [pkg], total: 1 }),
    [API.submitOrder]: async (body) => {
      orders.push(body ?? {});
      return { code: 200, msg: '', data: await answer };
    },
  });
  return { ...renderWithApp(<PayPage />, { path: '/pay' }), orders };
}

/** Taps 立即开通, 确认支付 and then `channel` in the sheet. */
async function buyWith(user: ReturnType<typeof openPay>['user'], channel: keyof typeof CHANNEL_NAME) {
  await user.click(await screen.findByRole('button', { name: VIP_TEXT.buy }));
  await user.click(await screen.findByRole('button', { name: VIP_TEXT.confirmPay }));
  await user.click(await screen.findByText(CHANNEL_NAME[channel]));
}

beforeAll(() => setTestRuntimeConfig({ payChannels: ['alipay', 'weixin'] }));
afterEach(() => vi.restoreAllMocks());

describe('buying VIP on /pay', () => {
  it('confirms the package and its price, with the no-refund notice, before offering the channels', async () => {
    const { user } = openPay('https://pay.test/order/1');
    await user.click(await screen.findByRole('button', { name: VIP_TEXT.buy }));

    const confirm = await screen.findByTestId('pay-confirm');
    expect(screen.getByText(VIP_TEXT.confirmTitle)).toBeTruthy();
    expect(within(confirm).getByText('年卡')).toBeTruthy();
    expect(within(confirm).getByText('¥45')).toBeTruthy();
    expect(within(confirm).getByText(VIP_TEXT.noRefund)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: VIP_TEXT.confirmPay }));
    expect(await screen.findByText(CHANNEL_NAME.alipay)).toBeTruthy();
    expect(screen.getByText(CHANNEL_NAME.weixin)).toBeTruthy();
  });

  it('submits the order, waits on it, then opens the payment in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: null } as unknown as Window);
    let answer!: (link: string) => void;
    const { user, orders } = openPay(new Promise<string>((resolve) => (answer = resolve)));

    await buyWith(user, 'alipay');

    expect(await screen.findByText(VIP_TEXT.submitting)).toBeTruthy();
    expect(screen.getByRole('button', { name: VIP_TEXT.buy }).hasAttribute('disabled')).toBe(true);
    expect(orders).toEqual([expect.objectContaining({ groupId: '11', payChannel: 'alipay' })]);

    answer('https://pay.test/order/1');

    expect(await screen.findByText(VIP_TEXT.startedTitle)).toBeTruthy();
    expect(open).toHaveBeenCalledWith('https://pay.test/order/1', '_blank');
    const again = screen.getByRole('link', { name: VIP_TEXT.reopenPayment });
    expect(again.getAttribute('href')).toBe('https://pay.test/order/1');
    expect(screen.getByRole('button', { name: VIP_TEXT.buy }).hasAttribute('disabled')).toBe(false);
  });

  it('offers the payment as a link when the browser blocks the new window', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = openPay('https://pay.test/order/2');

    await buyWith(user, 'weixin');

    expect(await screen.findByText(VIP_TEXT.blockedTitle)).toBeTruthy();
    expect(screen.getByText(VIP_TEXT.blockedText)).toBeTruthy();
    const link = screen.getByRole('link', { name: VIP_TEXT.openPayment });
    expect(link.getAttribute('href')).toBe('https://pay.test/order/2');
  });

  it(`says ${MSG.paymentBroken} when the provider failed, and opens nothing`, async () => {
    const open = vi.spyOn(window, 'open');
    const { user } = openPay('error', SEASON);

    await buyWith(user, 'alipay');

    expect(await screen.findByText(MSG.paymentBroken)).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    expect(screen.queryByText(VIP_TEXT.startedTitle)).toBeNull();
  });
});
