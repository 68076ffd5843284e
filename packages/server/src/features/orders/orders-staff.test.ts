import { STAFF_API } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { PACKAGES } from '../../../test/orders';
import { expectBadRequest, expectLoginDialog, expectStaffOnly, insertRoleCaller } from '../../../test/staff';
import { insertCaller, insertUser } from '../../../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let sequence = 0;

/** An order row written straight to the table, `minutesAgo` old. */
async function insertOrder(userId: string, status: number, minutesAgo: number) {
  sequence += 1;
  const id = String(7_000_000_000_000_000n + BigInt(Date.now()) * 1000n + BigInt(sequence));
  await t.database.db
    .insertInto('orders')
    .values({
      id,
      user_id: userId,
      package_id: PACKAGES.twoMonths.id,
      package_name: PACKAGES.twoMonths.name,
      days: PACKAGES.twoMonths.days,
      level_id: 2,
      amount_cents: 4550,
      pay_channel: 'weixin',
      provider: 'sandbox',
      status,
      provider_trade_no: status === 1 ? `SBX${id}` : null,
      paid_at: status === 1 ? sql<Date>`now() - make_interval(mins => ${minutesAgo - 1})` : null,
      created_at: sql<Date>`now() - make_interval(mins => ${minutesAgo})`,
    })
    .execute();
  return id;
}

describe('GET /v2/admin/orders', () => {
  it("lists every user's orders newest first, by order id, user id, user name prefix and status", async () => {
    const staff = await insertRoleCaller(t, ['member', 'finance']);
    const prefix = `Buyer${process.pid % 10000}x`;
    const buyer = await insertUser(t.database.db, { userName: `${prefix}one` });
    const other = await insertUser(t.database.db, { userName: `${prefix}two` });
    const oldPaid = await insertOrder(buyer.id, 1, 30);
    const newUnpaid = await insertOrder(buyer.id, 0, 10);
    const othersClosed = await insertOrder(other.id, 2, 20);

    const ids = async (query: Record<string, string | number>) => {
      const res = await t.get(STAFF_API.orders, { pageSize: 100, ...query }, staff.headers);
      expect(res.statusCode).toBe(200);
      return (res.json().rows as { orderId: string }[]).map((r) => r.orderId);
    };
    expect(await ids({ keyword: prefix.toLowerCase() })).toEqual([newUnpaid, othersClosed, oldPaid]);
    expect(await ids({ keyword: `${prefix}ONE` })).toEqual([newUnpaid, oldPaid]);
    expect(await ids({ keyword: buyer.id })).toEqual([newUnpaid, oldPaid]);
    expect(await ids({ keyword: othersClosed })).toEqual([othersClosed]);
    expect(await ids({ keyword: prefix, status: 1 })).toEqual([oldPaid]);
    expect(await ids({ keyword: 'nobody_%' })).toEqual([]);

    const res = await t.get(STAFF_API.orders, { keyword: oldPaid }, staff.headers);
    expect(res.json()).toMatchObject({ total: 1 });
    expect(res.json().rows[0]).toEqual({
      orderId: oldPaid,
      userId: buyer.id,
      userName: buyer.userName,
      payName: PACKAGES.twoMonths.name,
      amount: '45.50',
      payChannel: 'weixin',
      provider: 'sandbox',
      providerTradeNo: `SBX${oldPaid}`,
      status: 1,
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      payTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });

    const paged = await t.get(STAFF_API.orders, { keyword: prefix, pageSize: 2, pageNum: 2 }, staff.headers);
    expect(paged.json()).toMatchObject({ total: 3, rows: [{ orderId: oldPaid }] });
  });

  it('lets an admin in, refuses bad input (400), a member (403 仅限客服人员) and a visitor', async () => {
    const admin = await insertRoleCaller(t, ['member', 'admin']);
    expect((await t.get(STAFF_API.orders, {}, admin.headers)).statusCode).toBe(200);
    expectBadRequest(await t.get(STAFF_API.orders, { status: 3 }, admin.headers), '请求参数错误');
    expectBadRequest(await t.get(STAFF_API.orders, { pageSize: 1000 }, admin.headers), '请求参数错误');
    expectBadRequest(
      await t.get(STAFF_API.orders, { keyword: 'x'.repeat(65) }, admin.headers),
      '请求参数错误',
    );
    const member = await insertCaller(t);
    expectStaffOnly(await t.get(STAFF_API.orders, {}, member.headers));
    expectStaffOnly(await t.get(STAFF_API.orders, { status: 3 }, member.headers));
    expectLoginDialog(await t.get(STAFF_API.orders, {}));
  });
});
