import { API, SERVER_MSG, vipPackageFields } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { submitOrder } from '../../../test/orders';
import { insertCaller } from '../../../test/users';
import { createVipPackagesRepo } from './vip-packages.repo';
import { AppError } from '../../http/errors';
import { createVipPackagesService, PACKAGE_STATUS, type VipPackagesService } from './vip-packages.service';

let t: TestApp;
let service: VipPackagesService;
beforeAll(async () => {
  t = await createTestApp();
  service = createVipPackagesService({ db: t.database.db });
});
afterAll(() => t.close());

const allRows = () => t.database.db.selectFrom('vip_packages').selectAll().orderBy('id').execute();
const shop = async () => (await t.get(API.vipList)).json().rows as Record<string, unknown>[];

/** Values as staff type them, through the contract's schema, as the console and the CLI pass them. */
const changes = (typed: Record<string, unknown>) => vipPackageFields.partial().parse(typed);
const newPackage = (typed: Record<string, unknown>) =>
  vipPackageFields.partial().required({ name: true, price: true, origPrice: true, days: true }).parse(typed);
const valid = { name: '季卡', price: '88', origPrice: '120', days: 90 };

/** What the console answers (code, msg) and the CLI prints (detail). */
const refusal = (code: number, msg: string, detail: RegExp) =>
  expect.objectContaining({ code, message: msg, detail: expect.stringMatching(detail) });

// Each field's own rules are the contract's (vipPackageFields, tested there); the service
// refuses what only the stored packages decide, as AppError.
describe('vip-packages service: what the stored packages refuse', () => {
  const badNew: [string, Record<string, unknown>, number, string, RegExp][] = [
    [
      'a name on sale',
      { name: '年卡' },
      400,
      SERVER_MSG.packageNameTaken,
      /another package on sale is named "年卡"/,
    ],
    [
      'original below price',
      { price: '88', origPrice: '87.99' },
      400,
      SERVER_MSG.origPriceBelowPrice,
      /original price \(87\.99\) must not be below the price \(88\.00\)/,
    ],
    ['an unknown level', { levelId: 3 }, 400, SERVER_MSG.badRequest, /^level 3 does not exist/],
  ];

  it.each(badNew)('create refuses %s and writes nothing', async (_, change, code, msg, detail) => {
    const before = await allRows();
    const error = await service.create(newPackage({ ...valid, ...change })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toEqual(refusal(code, msg, detail));
    expect(await allRows()).toEqual(before);
  });

  it.each([
    ['an unknown id', '999', { days: 30 }, 404, SERVER_MSG.packageMissing, /^No package "999"/],
    ['an unknown name', '周卡', { days: 30 }, 404, SERVER_MSG.packageMissing, /^No package "周卡"/],
    [
      'a price above the original',
      '102',
      { price: '60.01' },
      400,
      SERVER_MSG.origPriceBelowPrice,
      /must not be below the price \(60\.01\)/,
    ],
    [
      'an original below the price',
      '两月卡',
      { origPrice: '44.99' },
      400,
      SERVER_MSG.origPriceBelowPrice,
      /original price \(44\.99\)/,
    ],
    [
      'the name of another on sale',
      '102',
      { name: '年卡' },
      400,
      SERVER_MSG.packageNameTaken,
      /another package on sale is named "年卡"/,
    ],
  ] as [string, string, Record<string, unknown>, number, string, RegExp][])(
    'update refuses %s and writes nothing',
    async (_, ref, change, code, msg, detail) => {
      const before = await allRows();
      await expect(service.update(ref, changes(change))).rejects.toEqual(refusal(code, msg, detail));
      expect(await allRows()).toEqual(before);
    },
  );
});

describe('vip-packages service: changes', () => {
  it('creates a package on sale, level 2, after the others, at the limits of each value', async () => {
    const created = await service.create(
      newPackage({
        name: '长'.repeat(20),
        remark: '注'.repeat(100),
        price: '0.01',
        origPrice: '0.01',
        days: 3650,
      }),
    );
    expect(created).toMatchObject({ priceCents: 1, origPriceCents: 1, days: 3650, levelId: 2, status: 0 });
    const others = (await service.list()).filter((p) => p.id !== created.id);
    expect(created.sortOrder).toBeGreaterThan(Math.max(...others.map((p) => p.sortOrder)));
    expect((await shop()).at(-1)).toMatchObject({ id: created.id, currentPrice: '0.01', days: 3650 });
  });

  it('changes a package, sets updated_at, and the shop lists it changed; orders keep what was bought', async () => {
    const pkg = await service.create(
      newPackage({ name: '半年卡', price: '99', origPrice: '128', days: 180 }),
    );
    const { user, headers } = await insertCaller(t);
    const { orderId } = await submitOrder(t, headers, pkg.id);
    const stamp = () =>
      t.database.db
        .selectFrom('vip_packages')
        .select('updated_at')
        .where('id', '=', pkg.id)
        .executeTakeFirstOrThrow();
    const before = await stamp();

    const changed = await service.update(
      '半年卡',
      changes({
        name: '半年特惠卡',
        price: '88.8',
        origPrice: '128.00',
        days: 183,
        remark: '  183天VIP  ',
        sort: -1,
      }),
    );
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
    const pkg = await service.create(newPackage({ name: '周卡', price: '9.9', origPrice: '19.9', days: 7 }));
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
    const old = await service.create(newPackage({ name: '月卡', price: '25', origPrice: '30', days: 30 }));
    await service.update(old.id, { status: PACKAGE_STATUS.withdrawn });
    const current = await service.create(
      newPackage({ name: '月卡', price: '28', origPrice: '30', days: 31 }),
    );
    expect((await service.find('月卡'))?.id).toBe(current.id);
    await expect(service.update(old.id, { status: PACKAGE_STATUS.onSale })).rejects.toEqual(
      refusal(400, SERVER_MSG.packageNameTaken, /another package on sale/),
    );

    // Two withdrawn ones and none on sale: only the id can tell them apart.
    await service.update(current.id, { status: PACKAGE_STATUS.withdrawn });
    await expect(service.find('月卡')).rejects.toEqual(
      refusal(400, SERVER_MSG.badRequest, new RegExp(`ids ${old.id}, ${current.id}`)),
    );
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
