import {
  formatYuan,
  isInt64Id,
  LIMITS,
  MAX_PRICE_YUAN_DIGITS,
  parsePrice,
  SERVER_MSG,
} from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { createVipPackagesRepo, type VipPackageRecord, type VipPackageValues } from './vip-packages.repo';

export type { VipPackageRecord } from './vip-packages.repo';

/** vip_packages.status: only packages on sale are listed and sold. */
export const PACKAGE_STATUS = { onSale: 0, withdrawn: 1 } as const;

/** Limits of what an operator may set (SPEC §2 shows names like 年卡, remarks of one line). */
export const PACKAGE_LIMITS = {
  nameChars: LIMITS.packageNameMax,
  remarkChars: LIMITS.packageRemarkMax,
  maxDays: LIMITS.packageDaysMax,
  /** Prices up to 9 999 999.99 yuan, so cents fit the integer column (money.ts). */
  maxYuanDigits: MAX_PRICE_YUAN_DIGITS,
} as const;

/** The lowest VIP level (0 visitor, 1 member), and what a package grants unless told otherwise. */
const VIP_LEVEL = 2;
/** levels.id is a smallint. */
const MAX_LEVEL = 32_767;
const INT4_MIN = -2_147_483_648;
const INT4_MAX = 2_147_483_647;

/**
 * A package change that cannot be made as asked: `message` for the operator at the CLI,
 * `msg` the console's Chinese text, `status` its HTTP status (400, or 404 for no package).
 */
export class PackageError extends Error {
  constructor(
    message: string,
    readonly msg: string = SERVER_MSG.badRequest,
    readonly status: 400 | 404 = 400,
  ) {
    super(message);
  }
}

/**
 * What an operator may set. Prices are yuan as typed (`45`, `45.5`, `45.50`): parsed from the
 * text, never through a float, so 0.1 + 0.2 cannot creep into the cents.
 */
export interface PackageInput {
  name?: string;
  remark?: string;
  price?: string;
  origPrice?: string;
  days?: number;
  levelId?: number;
  status?: number;
  sortOrder?: number;
}

/** A new package: name, both prices and days are needed; the rest has defaults. */
export type NewPackageInput = PackageInput &
  Required<Pick<PackageInput, 'name' | 'price' | 'origPrice' | 'days'>>;

const chars = (text: string) => [...text].length;
const CONTROL = /\p{Cc}/u;

function checkText(label: string, value: string, min: number, max: number): string {
  const text = value.trim();
  if (chars(text) < min || chars(text) > max || CONTROL.test(text)) {
    const size = min > 0 ? `${min} … ${max}` : `at most ${max}`;
    const msg = label === 'name' ? SERVER_MSG.packageNameInvalid : SERVER_MSG.packageRemarkTooLong;
    throw new PackageError(`${label} must be ${size} characters on one line`, msg);
  }
  return text;
}

function checkPrice(label: string, text: string): number {
  const cents = parsePrice(text);
  if (cents === null) {
    throw new PackageError(
      `${label} must be yuan above 0 with at most 2 decimals, e.g. 45 or 45.50 (got "${text}")`,
      SERVER_MSG.priceInvalid,
    );
  }
  return cents;
}

function checkInteger(label: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    const msg =
      label === 'days'
        ? SERVER_MSG.packageDaysInvalid
        : label === 'sort order'
          ? SERVER_MSG.packageSortInvalid
          : SERVER_MSG.badRequest;
    throw new PackageError(`${label} must be a whole number ${min} … ${max}`, msg);
  }
  return value;
}

/** Each given field checked on its own and turned into its stored form. */
function checkFields(input: PackageInput): Partial<VipPackageValues> {
  const { nameChars, remarkChars, maxDays } = PACKAGE_LIMITS;
  const values: Partial<VipPackageValues> = {};
  if (input.name !== undefined) {
    values.name = checkText('name', input.name, 1, nameChars);
    // `package-set 101` means the package with id 101, so a name may not look like one.
    if (/^\d+$/.test(values.name)) {
      throw new PackageError(
        'name must not be only digits (it would read as an id)',
        SERVER_MSG.packageNameDigits,
      );
    }
  }
  if (input.remark !== undefined) values.remark = checkText('remark', input.remark, 0, remarkChars);
  if (input.price !== undefined) values.priceCents = checkPrice('price', input.price);
  if (input.origPrice !== undefined) values.origPriceCents = checkPrice('original price', input.origPrice);
  if (input.days !== undefined) values.days = checkInteger('days', input.days, 1, maxDays);
  if (input.levelId !== undefined)
    values.levelId = checkInteger('level', input.levelId, VIP_LEVEL, MAX_LEVEL);
  if (input.status !== undefined) {
    const { onSale, withdrawn } = PACKAGE_STATUS;
    if (input.status !== onSale && input.status !== withdrawn) {
      throw new PackageError(
        `status must be ${onSale} (on sale) or ${withdrawn} (withdrawn)`,
        SERVER_MSG.packageStatusInvalid,
      );
    }
    values.status = input.status;
  }
  if (input.sortOrder !== undefined) {
    values.sortOrder = checkInteger('sort order', input.sortOrder, INT4_MIN, INT4_MAX);
  }
  return values;
}

/**
 * VIP packages for operators (the admin CLI) and for the features that name a package (codes):
 * list, find by id or name, create and change. Orders keep their own copy of what was bought,
 * so a change here never alters an order already placed.
 */
export function createVipPackagesService(db: Kysely<DB>) {
  const repo = createVipPackagesRepo(db);

  /**
   * A package by id (all digits) or exact name. Of several with the name the one on sale wins
   * (there is at most one); several withdrawn ones and none on sale cannot be told apart.
   */
  async function find(ref: string): Promise<VipPackageRecord | undefined> {
    const key = ref.trim();
    if (isInt64Id(key)) return repo.findById(key);
    const named = await repo.findByName(key);
    if (named.length > 1 && named[0]!.status !== PACKAGE_STATUS.onSale) {
      const ids = named.map((p) => p.id).join(', ');
      throw new PackageError(`Several withdrawn packages are named "${key}" (ids ${ids}): use the id`);
    }
    return named[0];
  }

  async function nextSortOrder(): Promise<number> {
    const last = (await repo.list()).reduce((max, p) => Math.max(max, p.sortOrder), 0);
    return Math.min(last + 1, INT4_MAX);
  }

  /** Refuses what only the whole package shows wrong, and a name or level that is taken or unknown. */
  async function checkPackage(pkg: VipPackageValues, changed: Partial<VipPackageValues>, id?: string) {
    if (pkg.origPriceCents < pkg.priceCents) {
      const [price, orig] = [formatYuan(pkg.priceCents), formatYuan(pkg.origPriceCents)];
      throw new PackageError(
        `original price (${orig}) must not be below the price (${price})`,
        SERVER_MSG.origPriceBelowPrice,
      );
    }
    if (changed.levelId !== undefined && !(await repo.levelExists(changed.levelId))) {
      throw new PackageError(`level ${changed.levelId} does not exist`);
    }
    // Only a new name or a package going on sale can meet another one's name.
    const nameMayClash = changed.name !== undefined || changed.status !== undefined;
    if (pkg.status === PACKAGE_STATUS.onSale && nameMayClash && (await repo.nameOnSale(pkg.name, id))) {
      throw nameTaken(pkg.name);
    }
  }

  return {
    list: () => repo.list(),

    find,

    /** Creates a package (on sale, level 2, sorted last unless told otherwise). */
    async create(input: NewPackageInput): Promise<VipPackageRecord> {
      const changed = checkFields(input);
      const { name, priceCents, origPriceCents, days } = changed;
      if (
        name === undefined ||
        priceCents === undefined ||
        origPriceCents === undefined ||
        days === undefined
      ) {
        throw new PackageError('a new package needs a name, a price, an original price and days');
      }
      const pkg: VipPackageValues = {
        name,
        remark: changed.remark ?? '',
        priceCents,
        origPriceCents,
        days,
        levelId: changed.levelId ?? VIP_LEVEL,
        status: changed.status ?? PACKAGE_STATUS.onSale,
        sortOrder: changed.sortOrder ?? (await nextSortOrder()),
      };
      await checkPackage(pkg, { ...changed, status: pkg.status });
      const created = await repo.insert(pkg);
      if (!created) throw nameTaken(pkg.name);
      return created;
    },

    /** Changes the given fields of a package (id or name) and its updated_at. */
    async update(ref: string, input: PackageInput): Promise<VipPackageRecord> {
      const changed = checkFields(input);
      if (Object.keys(changed).length === 0)
        throw new PackageError('nothing to change', SERVER_MSG.nothingToChange);
      const current = await find(ref);
      if (!current) throw notFoundError(ref);
      const { id, ...values } = current;
      await checkPackage({ ...values, ...changed }, changed, id);
      const updated = await repo.update(id, changed);
      if (updated === null) throw nameTaken(changed.name ?? current.name);
      if (!updated) throw notFoundError(ref);
      return updated;
    },
  };
}

export type VipPackagesService = ReturnType<typeof createVipPackagesService>;

function nameTaken(name: string) {
  return new PackageError(`another package on sale is named "${name}"`, SERVER_MSG.packageNameTaken);
}

function notFoundError(ref: string) {
  return new PackageError(
    `No package "${ref}" (see: npm run admin -- packages)`,
    SERVER_MSG.packageMissing,
    404,
  );
}
