import { API, fillPath, SERVER_MSG, STAFF_API } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { PACKAGES } from '../../../test/orders';
import { expectBadRequest, expectLoginDialog, expectStaffOnly, insertRoleCaller } from '../../../test/staff';
import { insertCaller } from '../../../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

const allRows = () => t.database.db.selectFrom('vip_packages').selectAll().orderBy('id').execute();
const add = (body: Record<string, unknown>, headers: Headers) =>
  t.send('POST', STAFF_API.packages, body, headers);
const change = (id: string, body: Record<string, unknown>, headers: Headers) =>
  t.send('POST', fillPath(STAFF_API.package, { id }), body, headers);
const shopNames = async () =>
  ((await t.get(API.vipList)).json().rows as { name: string }[]).map((p) => p.name);

describe('VIP packages in the console', () => {
  it('lists every package, adds one (sorted last) and changes it; the shop follows', async () => {
    const staff = await insertRoleCaller(t, ['member', 'finance']);
    const listed = await t.get(STAFF_API.packages, {}, staff.headers);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().rows).toContainEqual({
      id: PACKAGES.annual.id,
      name: PACKAGES.annual.name,
      remark: expect.any(String),
      currentPrice: '198.00',
      origPrice: expect.stringMatching(/^\d+\.\d{2}$/),
      days: 365,
      sort: expect.any(Number),
      status: 0,
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    const before = listed.json().rows as { sort: number }[];

    const res = await add(
      { name: ' 季卡 ', remark: '三个月', price: '88.5', origPrice: 120, days: 90 },
      staff.headers,
    );
    expect(res.statusCode).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({
      name: '季卡',
      remark: '三个月',
      currentPrice: '88.50',
      origPrice: '120.00',
      days: 90,
      status: 0,
      sort: Math.max(...before.map((p) => p.sort)) + 1,
    });
    expect(await shopNames()).toContain('季卡');

    const withdrawn = await change(created.id, { status: 1, price: '60', days: 91, sort: -5 }, staff.headers);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data).toMatchObject({
      id: created.id,
      status: 1,
      currentPrice: '60.00',
      days: 91,
      sort: -5,
    });
    expect(await shopNames()).not.toContain('季卡');
    // Withdrawn packages stay in the console's list.
    const after = (await t.get(STAFF_API.packages, {}, staff.headers)).json().rows as { id: string }[];
    expect(after[0]!.id).toBe(created.id);
    expect(after).toHaveLength(before.length + 1);
  });

  it('refuses bad values (400 with the reason) and an unknown package (404); nothing changes', async () => {
    const admin = await insertRoleCaller(t, ['member', 'admin']);
    const before = await allRows();
    const good = { name: '周卡', price: '9', origPrice: '12', days: 7 };
    const bad: [Record<string, unknown>, string][] = [
      [{ ...good, price: '-5' }, SERVER_MSG.priceInvalid],
      [{ ...good, price: '0' }, SERVER_MSG.priceInvalid],
      [{ ...good, price: '1.234' }, SERVER_MSG.priceInvalid],
      [{ ...good, origPrice: -1 }, SERVER_MSG.priceInvalid],
      [{ ...good, origPrice: '8' }, SERVER_MSG.origPriceBelowPrice],
      [{ ...good, days: 0 }, SERVER_MSG.packageDaysInvalid],
      [{ ...good, days: 3651 }, SERVER_MSG.packageDaysInvalid],
      [{ ...good, days: 1.5 }, SERVER_MSG.packageDaysInvalid],
      [{ ...good, name: '' }, SERVER_MSG.packageNameInvalid],
      [{ ...good, name: '名'.repeat(21) }, SERVER_MSG.packageNameInvalid],
      [{ ...good, name: '2024' }, SERVER_MSG.packageNameDigits],
      [{ ...good, name: PACKAGES.annual.name }, SERVER_MSG.packageNameTaken],
      [{ ...good, remark: '长'.repeat(101) }, SERVER_MSG.packageRemarkTooLong],
      [{ ...good, status: 2 }, SERVER_MSG.packageStatusInvalid],
      [{ ...good, sort: 'first' }, SERVER_MSG.packageSortInvalid],
      [{ name: '周卡', price: '9', days: 7 }, SERVER_MSG.priceInvalid],
    ];
    for (const [body, msg] of bad) expectBadRequest(await add(body, admin.headers), msg);
    expectBadRequest(await change(PACKAGES.annual.id, {}, admin.headers), SERVER_MSG.nothingToChange);
    expectBadRequest(
      await change(PACKAGES.twoMonths.id, { name: PACKAGES.annual.name }, admin.headers),
      SERVER_MSG.packageNameTaken,
    );
    expectBadRequest(
      await change(PACKAGES.annual.id, { origPrice: '1' }, admin.headers),
      SERVER_MSG.origPriceBelowPrice,
    );
    const missing = await change('999999', { days: 30 }, admin.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, msg: SERVER_MSG.packageMissing });
    expect(await allRows()).toEqual(before);
  });

  it('refuses a member (403 仅限客服人员) and a visitor (403 login dialog); nothing changes', async () => {
    const member = await insertCaller(t);
    const before = await allRows();
    const calls = (headers: Headers) => [
      t.get(STAFF_API.packages, {}, headers),
      add({ name: '周卡', price: '9', origPrice: '12', days: 7 }, headers),
      change(PACKAGES.annual.id, { status: 1 }, headers),
      change(PACKAGES.annual.id, { price: '-1' }, headers),
    ];
    for (const res of await Promise.all(calls(member.headers))) expectStaffOnly(res);
    for (const res of await Promise.all(calls({}))) expectLoginDialog(res);
    expect(await allRows()).toEqual(before);
  });
});
