import { API, SERVER_MSG } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { submitOrder } from '../../../test/orders';
import { insertCaller } from '../../../test/users';
import { createVipPackagesRepo } from './vip-packages.repo';
import {
  createVipPackagesService,
  type NewPackageInput,
  PACKAGE_STATUS,
  PackageError,
  type PackageInput,
  type VipPackagesService,
} from './vip-packages.service';

let t: TestApp;
let service: VipPackagesService;
beforeAll(async () => {
  t = await createTestApp();
  service = createVipPackagesService(t.database.db);
});
afterAll(() => t.close());

const allRows = () => t.database.db.selectFrom('vip_packages').selectAll().orderBy('id').execute();
const shop = async () => (await t.get(API.vipList)).json().rows as Record<string, unknown>[];
const valid: NewPackageInput = { name: '季卡', price: '88', origPrice: '120', days: 90 };

describe('vip-packages service: bad values', () => {
  const badNew: [string, Partial<PackageInput>, RegExp][] = [
    ['empty name', { name: '' }, /^name must be 1 … 20/],
    ['blank name', { name: '   ' }, /^name must be 1 … 20/],
    ['21 characters', { name: '卡'.repeat(21) }, /^name must be 1 … 20/],
    ['a tab in the name', { name: '季\t卡' }, /^name must be/],
    ['a name of digits', { name: '2026' }, /only digits/],
    ['a name on sale', { name: '年卡' }, /another package on sale is named "年卡"/],
    ['101-character remark', { remark: '注'.repeat(101) }, /^remark must be at most 100/],
    ['a line break in the remark', { remark: 'a\nb' }, /^remark must be/],
    ['price 0', { price: '0' }, /^price must be yuan above 0/],
    ['price 0.00', { price: '0.00' }, /^price must be yuan above 0/],
    ['negative price', { price: '-5' }, /^price must be/],
    ['three decimals', { price: '45.001' }, /^price must be/],
    ['exponent', { price: '1e2' }, /^price must be/],
    ['too large', { price: '10000000' }, /^price must be/],
    ['original price not a number', { origPrice: 'abc' }, /^original price must be/],
    [
      'original below price',
      { price: '88', origPrice: '87.99' },
      /original price \(87\.99\) must not be below the price \(88\.00\)/,
    ],
    ['0 days', { days: 0 }, /^days must be a whole number 1 … 3650/],
    ['3651 days', { days: 3651 }, /^days must be/],
    ['half a day', { days: 1.5 }, /^days must be/],
    ['days not a number', { days: Number.NaN }, /^days must be/],
    ['level 1 (not VIP)', { levelId: 1 }, /^level must be a whole number 2/],
    ['level 0', { levelId: 0 }, /^level must be/],
    ['an unknown level', { levelId: 3 }, /^level 3 does not exist/],
    ['status 2', { status: 2 }, /^status must be 0 \(on sale\) or 1 \(withdrawn\)/],
    ['sort order 1.5', { sortOrder: 1.5 }, /^sort order must be a whole number/],
    ['sort order beyond int4', { sortOrder: 2 ** 31 }, /^sort order must be/],
  ];

  it.each(badNew)('create refuses %s and writes nothing', async (_, change, message) => {
    const before = await allRows();
    const error = await service.create({ ...valid, ...change }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PackageError);
    expect((error as Error).message).toMatch(message);
    expect(await allRows()).toEqual(before);
  });

  it('create needs name, prices and days', async () => {
    const before = await allRows();
    const { days: _, ...noDays } = valid;
    await expect(service.create(noDays as NewPackageInput)).rejects.toThrow(/needs a name, a price/);
    expect(await allRows()).toEqual(before);
  });

  it.each([
    ['no change', '102', {}, /^nothing to change/],
    ['an unknown id', '999', { days: 30 }, /^No package "999"/],
    ['an unknown name', '周卡', { days: 30 }, /^No package "周卡"/],
    ['a price above the original', '102', { price: '60.01' }, /must not be below the price \(60\.01\)/],
    ['an original below the price', '两月卡', { origPrice: '44.99' }, /original price \(44\.99\)/],
    ['the name of another on sale', '102', { name: '年卡' }, /another package on sale is named "年卡"/],
    ['a bad value next to good ones', '102', { days: 30, remark: 'x'.repeat(101) }, /^remark/],
  ] as [string, string, PackageInput, RegExp][])(
    'update refuses %s and writes nothing',
    async (_, ref, change, message) => {
      const before = await allRows();
      await expect(service.update(ref, change)).rejects.toThrow(message);
      expect(await allRows()).toEqual(before);
    },
  );
});

describe('vip-packages service: changes', () => {
  it('creates a package on sale, level 2, after the others, at the limits of each value', async () => {
    const created = await service.create({
      name: '长'.repeat(20),
      remark: '注'.repeat(100),
      price: '0.01',
      origPrice: '0.01',
      days: 3650,
    });
    expect(created).toMatchObject({ priceCents: 1, origPriceCents: 1, days: 3650, levelId: 2, status: 0 });
    const others = (await service.list()).filter((p) => p.id !== created.id);
    expect(created.sortOrder).toBeGreaterThan(Math.max(...others.map((p) => p.sortOrder)));
    expect((await shop()).at(-1)).toMatchObject({ id: created.id, currentPrice: '0.01', days: 3650 });
  });

  it('changes a package, sets updated_at, and the shop lists it changed; orders keep what was bought', async () => {
    const pkg = await service.create({ name: '半年卡', price: '99', origPrice: '128', days: 180 });
    const { user, headers } = await insertCaller(t);
    const { orderId } = await submitOrder(t, headers, pkg.id);
    const stamp = () =>
      t.database.db
        .selectFrom('vip_packages')
        .select('updated_at')
        .where('id', '=', pkg.id)
        .executeTakeFirstOrThrow();
    const before = await stamp();

    const changed = await service.update('半年卡', {
      name: '半年特惠卡',
      price: '88.8',
      origPrice: '128.00',
      days: 183,
      remark: '  183天VIP  ',
      sortOrder: -1,
    });
    expect(changed).toMatchObject({
      id: pkg.id,
      name: '半年特惠卡',
      priceCents: 8880,
      days: 183,
      remark: '183天VIP',
    });
    expect((await stamp()).updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
    expect((await shop())[0]).toEqual({
      id: pkg.id,
      name: '半年特惠卡',
      remark: '183天VIP',
      currentPrice: '88.80',
      origPrice: '128.00',
      days: 183,
    });

    const [order] = await t.database.db.selectFrom('orders').selectAll().where('id', '=', orderId).execute();
    expect(order).toMatchObject({ user_id: user.id, package_name: '半年卡', days: 180, amount_cents: 9900 });
    const listed = (await t.get(API.ordersList, {}, headers)).json().rows;
    expect(listed).toMatchObject([{ orderId, payName: '半年卡', amount: '99.00' }]);
  });

  it('a withdrawn package leaves the shop and cannot be bought; back on sale, it can', async () => {
    const pkg = await service.create({ name: '周卡', price: '9.9', origPrice: '19.9', days: 7 });
    const { headers } = await insertCaller(t);
    await service.update(pkg.id, { status: PACKAGE_STATUS.withdrawn });

    expect((await shop()).map((p) => p.id)).not.toContain(pkg.id);
    const refused = await t.send('POST', API.submitOrder, { groupId: pkg.id, payChannel: 'alipay' }, headers);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 404, msg: SERVER_MSG.packageNotFound });

    await service.update('周卡', { status: PACKAGE_STATUS.onSale });
    expect((await shop()).map((p) => p.id)).toContain(pkg.id);
    await submitOrder(t, headers, pkg.id);
  });

  it('a name is unique among packages on sale only; a name finds the one on sale', async () => {
    const old = await service.create({ name: '月卡', price: '25', origPrice: '30', days: 30 });
    await service.update(old.id, { status: PACKAGE_STATUS.withdrawn });
    const current = await service.create({ name: '月卡', price: '28', origPrice: '30', days: 31 });
    expect((await service.find('月卡'))?.id).toBe(current.id);
    await expect(service.update(old.id, { status: PACKAGE_STATUS.onSale })).rejects.toThrow(
      /another package on sale/,
    );

    // Two withdrawn ones and none on sale: only the id can tell them apart.
    await service.update(current.id, { status: PACKAGE_STATUS.withdrawn });
    await expect(service.find('月卡')).rejects.toThrow(`ids ${old.id}, ${current.id}`);
    expect((await service.find(old.id))?.priceCents).toBe(2500);
  });

  it('the database itself refuses a second package on sale with a name', async () => {
    const repo = createVipPackagesRepo(t.database.db);
    const values = {
      name: '两月卡',
      remark: '',
      priceCents: 100,
      origPriceCents: 100,
      days: 1,
      levelId: 2,
      status: 0,
      sortOrder: 0,
    };
    expect(await repo.insert(values)).toBeNull();
    expect(await repo.update('101', { name: '两月卡' })).toBeNull();
    expect(await repo.insert({ ...values, status: 1 })).toMatchObject({ name: '两月卡', status: 1 });
  });
});
