import { describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../server-messages';
import { staffPackageBody, staffPackageUpdateBody, vipPackageFields } from './admin';

const valid = { name: '季卡', price: '88', origPrice: '120', days: 90 };

/** The first refusal's message, as the console answers and the CLI prints it; null when accepted. */
function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error!.issues[0]!.message;
}

describe('vipPackageFields: each rule of a package once', () => {
  const badNew: [string, Record<string, unknown>, string][] = [
    ['empty name', { name: '' }, SERVER_MSG.packageNameInvalid],
    ['blank name', { name: '   ' }, SERVER_MSG.packageNameInvalid],
    ['21 characters', { name: '卡'.repeat(21) }, SERVER_MSG.packageNameInvalid],
    ['a tab in the name', { name: '季\t卡' }, SERVER_MSG.packageNameInvalid],
    ['a name of digits', { name: '2026' }, SERVER_MSG.packageNameDigits],
    ['101-character remark', { remark: '注'.repeat(101) }, SERVER_MSG.packageRemarkTooLong],
    ['a line break in the remark', { remark: 'a\nb' }, SERVER_MSG.packageRemarkTooLong],
    ['price 0', { price: '0' }, SERVER_MSG.priceInvalid],
    ['price 0.00', { price: '0.00' }, SERVER_MSG.priceInvalid],
    ['negative price', { price: '-5' }, SERVER_MSG.priceInvalid],
    ['three decimals', { price: '45.001' }, SERVER_MSG.priceInvalid],
    ['exponent', { price: '1e2' }, SERVER_MSG.priceInvalid],
    ['too large', { price: '10000000' }, SERVER_MSG.priceInvalid],
    ['original price not a number', { origPrice: 'abc' }, SERVER_MSG.priceInvalid],
    ['0 days', { days: 0 }, SERVER_MSG.packageDaysInvalid],
    ['3651 days', { days: 3651 }, SERVER_MSG.packageDaysInvalid],
    ['half a day', { days: 1.5 }, SERVER_MSG.packageDaysInvalid],
    ['days not a number', { days: Number.NaN }, SERVER_MSG.packageDaysInvalid],
    ['no days', { days: undefined }, SERVER_MSG.packageDaysInvalid],
    ['status 2', { status: 2 }, SERVER_MSG.packageStatusInvalid],
    ['sort order 1.5', { sort: 1.5 }, SERVER_MSG.packageSortInvalid],
    ['sort order beyond int4', { sort: 2 ** 31 }, SERVER_MSG.packageSortInvalid],
  ];

  it.each(badNew)('a new package refuses %s', (_, change, message) => {
    expect(firstIssue(staffPackageBody.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it.each([
    ['level 1 (not VIP)', 1],
    ['level 0', 0],
    ['level 1.5', 1.5],
    ['level past smallint', 32_768],
  ])('refuses %s', (_, levelId) => {
    expect(firstIssue(vipPackageFields.partial().safeParse({ levelId }))).toBe(SERVER_MSG.badRequest);
  });

  it('takes each value at its limits: texts trimmed, characters counted as people count them, prices as cents', () => {
    const parsed = staffPackageBody.parse({
      name: ` ${'长'.repeat(20)} `,
      remark: '注'.repeat(100),
      price: ' 0.01 ',
      origPrice: 120,
      days: 3650,
      sort: -(2 ** 31),
    });
    expect(parsed).toMatchObject({ name: '长'.repeat(20), price: 1, origPrice: 12_000, days: 3650 });
    expect(staffPackageBody.parse({ ...valid, price: '88.8', name: '🎫'.repeat(20) })).toMatchObject({
      name: '🎫'.repeat(20),
      price: 8880,
    });
    expect(firstIssue(staffPackageBody.safeParse({ ...valid, name: '🎫'.repeat(21) }))).toBe(
      SERVER_MSG.packageNameInvalid,
    );
  });

  it('a change needs one field, each checked as for a new package; the console cannot set the level', () => {
    expect(firstIssue(staffPackageUpdateBody.safeParse({}))).toBe(SERVER_MSG.nothingToChange);
    expect(firstIssue(staffPackageUpdateBody.safeParse({ appId: 'x', levelId: 3 }))).toBe(
      SERVER_MSG.nothingToChange,
    );
    expect(firstIssue(staffPackageUpdateBody.safeParse({ days: 30, remark: 'x'.repeat(101) }))).toBe(
      SERVER_MSG.packageRemarkTooLong,
    );
    expect(staffPackageUpdateBody.parse({ remark: '  183天VIP  ', sort: -1 })).toEqual({
      remark: '183天VIP',
      sort: -1,
    });
  });
});
