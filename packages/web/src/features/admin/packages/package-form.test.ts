import { SERVER_MSG, type StaffPackageRow } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import { NEW_PACKAGE, newPackageBody, packageChanges, packageFormValues } from './package-form';

const row: StaffPackageRow = {
  id: '7',
  name: '年卡',
  remark: '365天VIP',
  currentPrice: '45.00',
  origPrice: '90.00',
  days: 365,
  sort: 1,
  status: 0,
  createTime: '2025-01-01 00:00:00',
};

describe('newPackageBody', () => {
  it('checks a new package with the contract', () => {
    const values = { ...NEW_PACKAGE, name: '季卡', price: '20', origPrice: '30', days: '90' };
    expect(newPackageBody(values)).toEqual({
      ok: true,
      body: { name: '季卡', remark: '', price: '20', origPrice: '30', days: 90, sort: undefined, status: 0 },
    });
  });

  it('names the first problem in the contract’s words', () => {
    expect(newPackageBody({ ...NEW_PACKAGE, name: '季卡', price: '20', origPrice: '30', days: 'x' })).toEqual(
      {
        ok: false,
        message: SERVER_MSG.packageDaysInvalid,
      },
    );
    expect(newPackageBody({ ...NEW_PACKAGE, name: '季卡', price: '0', origPrice: '30' })).toEqual({
      ok: false,
      message: expect.stringContaining(SERVER_MSG.priceInvalid),
    });
    expect(
      newPackageBody({ ...NEW_PACKAGE, name: '季卡', price: '1', origPrice: '1', sort: 'first' }),
    ).toEqual({ ok: false, message: SERVER_MSG.packageSortInvalid });
  });
});

describe('packageChanges', () => {
  it('sends only what changed (prices compared as amounts)', () => {
    const values = { ...packageFormValues(row), price: '45', remark: '全年畅看' };
    expect(packageChanges(row, values)).toEqual({ ok: true, body: { remark: '全年畅看' } });
    expect(packageChanges(row, { ...packageFormValues(row), onSale: false })).toEqual({
      ok: true,
      body: { status: 1 },
    });
  });

  it('says 没有要修改的内容 when nothing changed', () => {
    expect(packageChanges(row, packageFormValues(row))).toEqual({
      ok: false,
      message: SERVER_MSG.nothingToChange,
    });
  });
});
