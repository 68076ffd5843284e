import { API } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { PACKAGES, sandboxNotifyBody, sendSandboxNotify, submitOrder } from '../../../test/orders';
import { insertCaller } from '../../../test/users';
import { createSandboxProvider, type SandboxNotify } from './sandbox.provider';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const AMOUNT = PACKAGES.twoMonths.cents;
const DAY_MS = 86_400_000;

/** An unpaid two-month order of a fresh user. */
async function newOrder() {
  const { user, headers } = await insertCaller(t);
  const { orderId } = await submitOrder(t, headers);
  return { user, headers, orderId };
}

/** Everything a notify could change: the order, the user's membership, the recorded events. */
async function stateOf(orderId: string, userId: string) {
  const db = t.database.db;
  const [order, user, events] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['status', 'provider_trade_no', 'paid_at'])
      .where('id', '=', orderId)
      .executeTakeFirst(),
    db
      .selectFrom('users')
      .select(['level_id', 'vip_until'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payment_events')
      .select(['event_id', 'outcome'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
  ]);
  return { order, user, events };
}

const expectVipFor = (vipUntil: Date | null, days: number) =>
  expect(Math.abs(vipUntil!.getTime() - (Date.now() + days * DAY_MS))).toBeLessThan(60_000);

describe('POST /prod-api/pay/notify/sandbox', () => {
  it('pays the order and grants VIP once, answering the provider reply', async () => {
    const { user, headers, orderId } = await newOrder();
    const res = await sendSandboxNotify(t, sandboxNotifyBody(orderId, AMOUNT));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"code":"SUCCESS"}');
    const { order, user: member, events } = await stateOf(orderId, user.id);
    expect(order).toMatchObject({ status: 1, provider_trade_no: `SBX${orderId}`, paid_at: expect.any(Date) });
    expect(member.level_id).toBe(2);
    expectVipFor(member.vip_until, 60);
    expect(events).toEqual([{ event_id: expect.any(String), outcome: 'paid' }]);
    const info = (await t.get(API.userInfo, {}, headers)).json();
    expect(info.level.levelId).toBe(2);
    const list = (await t.get(API.ordersList, {}, headers)).json();
    expect(list.rows[0]).toMatchObject({ orderId, status: 1, payTime: expect.stringMatching(/^\d{4}-/) });
  });

  it('grants once for one notify replayed 100 times in a row and 50 times at once', async () => {
    const { user, orderId } = await newOrder();
    const body = sandboxNotifyBody(orderId, AMOUNT);
    for (let i = 0; i < 100; i += 1) {
      const res = await sendSandboxNotify(t, body);
      expect(res.statusCode).toBe(200);
    }
    const after100 = await stateOf(orderId, user.id);
    const parallel = await Promise.all(Array.from({ length: 50 }, () => sendSandboxNotify(t, body)));
    expect(parallel.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const after150 = await stateOf(orderId, user.id);
    expect(after150).toEqual(after100);
    expect(after150.events).toEqual([{ event_id: body.eventId, outcome: 'paid' }]);
    expectVipFor(after150.user.vip_until, 60);
  });

  it('grants once for 50 different events of the same trade at once (TRADE_SUCCESS, TRADE_FINISHED …)', async () => {
    const { user, orderId } = await newOrder();
    const bodies = Array.from({ length: 50 }, () => sandboxNotifyBody(orderId, AMOUNT));
    const replies = await Promise.all(bodies.map((b) => sendSandboxNotify(t, b)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const { user: member, events } = await stateOf(orderId, user.id);
    expectVipFor(member.vip_until, 60);
    expect(events).toHaveLength(50);
    expect(events.filter((e) => e.outcome === 'paid')).toHaveLength(1);
    expect(events.filter((e) => e.outcome === 'already-paid')).toHaveLength(49);
  });

  it('extends a running VIP from its end, not from now', async () => {
    const { user, orderId } = await newOrder();
    const end = new Date(Date.now() + 10 * DAY_MS);
    await t.database.db
      .updateTable('users')
      .set({ level_id: 2, vip_until: end })
      .where('id', '=', user.id)
      .execute();
    await sendSandboxNotify(t, sandboxNotifyBody(orderId, AMOUNT));
    expectVipFor((await stateOf(orderId, user.id)).user.vip_until, 70);
  });

  it('changes nothing for a notify whose fields were altered after signing', async () => {
    const { user, orderId } = await newOrder();
    const other = await newOrder();
    const before = await stateOf(orderId, user.id);
    const otherBefore = await stateOf(other.orderId, other.user.id);
    const genuine = sandboxNotifyBody(orderId, AMOUNT);
    const signer = createSandboxProvider(t.config.payments.sandboxKey, t.config.payments.publicUrl);
    const signature = signer.signBody(JSON.stringify(genuine));
    const alterations: Partial<SandboxNotify>[] = [
      { orderId: other.orderId },
      { amountCents: 1 },
      { tradeNo: 'SBX-other' },
      { paid: false },
      { appId: 'someone-else' },
      { eventId: 'another-event' },
    ];
    for (const change of alterations) {
      const res = await sendSandboxNotify(t, { ...genuine, ...change }, signature);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.body).toBe('{"code":"FAIL"}');
    }
    const bad = [
      signature.replace(/^./, (c) => (c === '0' ? '1' : '0')),
      signature.slice(0, 32),
      '',
      'not-hex',
    ];
    for (const sig of bad) expect((await sendSandboxNotify(t, genuine, sig)).statusCode).toBe(400);
    // Not JSON, or JSON of the wrong shape, even when signed.
    expect((await sendSandboxNotify(t, 'orderId=1')).statusCode).toBe(400);
    expect((await sendSandboxNotify(t, '{"orderId":"1"}')).statusCode).toBe(400);
    expect(await stateOf(orderId, user.id)).toEqual(before);
    expect(await stateOf(other.orderId, other.user.id)).toEqual(otherBefore);
    expect(before.events).toEqual([]);
  });

  it('refuses a correctly signed notify with the wrong app id, an unknown order or a wrong amount', async () => {
    const { user, orderId } = await newOrder();
    const before = await stateOf(orderId, user.id);
    const refused = [
      sandboxNotifyBody(orderId, AMOUNT, { appId: 'someone-else' }),
      sandboxNotifyBody('4242424242424242', AMOUNT),
      sandboxNotifyBody(orderId, AMOUNT - 1),
      sandboxNotifyBody(orderId, PACKAGES.annual.cents),
    ];
    for (const body of refused) {
      const res = await sendSandboxNotify(t, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await stateOf(orderId, user.id)).toEqual(before);
    // Refused events are not recorded: a forger could otherwise use up genuine event ids.
    const events = await t.database.db.selectFrom('payment_events').select('event_id').execute();
    for (const body of refused) expect(events.map((e) => e.event_id)).not.toContain(body.eventId);
  });

  it('records a "not paid" notify without paying, and pays on the later paid one', async () => {
    const { user, orderId } = await newOrder();
    expect((await sendSandboxNotify(t, sandboxNotifyBody(orderId, AMOUNT, { paid: false }))).statusCode).toBe(
      200,
    );
    const unpaid = await stateOf(orderId, user.id);
    expect(unpaid.order?.status).toBe(0);
    expect(unpaid.user.vip_until).toBeNull();
    await sendSandboxNotify(t, sandboxNotifyBody(orderId, AMOUNT));
    expect((await stateOf(orderId, user.id)).order?.status).toBe(1);
  });

  it('refuses a notify for a provider that is not configured, or of another provider than the order', async () => {
    const { user, orderId } = await newOrder();
    const before = await stateOf(orderId, user.id);
    const body = JSON.stringify(sandboxNotifyBody(orderId, AMOUNT));
    for (const provider of ['alipay', 'wechat', 'paypal']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/prod-api/pay/notify/${provider}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
      expect(res.statusCode, provider).toBe(404);
    }
    expect(await stateOf(orderId, user.id)).toEqual(before);
    // An unsigned call outside the signed scope is not a signed-API error: it is simply refused.
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/prod-api/pay/notify/sandbox',
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
  });
});
