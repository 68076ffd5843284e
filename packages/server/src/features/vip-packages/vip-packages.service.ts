import {
  formatYuan,
  isInt64Id,
  PACKAGE_VIP_LEVEL,
  SERVER_MSG,
  STAFF_LIMITS,
  type VipPackageFields,
} from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { requireRecentConfirmation, type StaffCaller } from '../../http/auth';
import { changedFields } from '../staff-audit/changed-fields';
import type { AuditRecorder } from '../staff-audit/audit.service';
import { createVipPackagesRepo, type VipPackageRecord, type VipPackageValues } from './vip-packages.repo';

export type { VipPackageRecord } from './vip-packages.repo';

/** vip_packages.status: only packages on sale are listed and sold. */
export const PACKAGE_STATUS = { onSale: 0, withdrawn: 1 } as const;

/** Limits of what an operator may set (the contract's vipPackageFields checks them). */
export const PACKAGE_LIMITS = {
  nameChars: STAFF_LIMITS.packageNameMax,
  remarkChars: STAFF_LIMITS.packageRemarkMax,
  maxDays: STAFF_LIMITS.packageDaysMax,
} as const;

const INT4_MAX = 2_147_483_647;

/**
 * Changes to a package as the contract's `vipPackageFields` gives them: checked, texts trimmed,
 * prices in cents. The console's bodies and the admin CLI parse through that schema; the
 * service trusts what it is given and checks only what the stored packages decide.
 */
export type PackageChanges = Partial<VipPackageFields>;

/** A new package: name, both prices and days are needed; the rest has defaults. */
export type NewPackage = PackageChanges & Pick<VipPackageFields, 'name' | 'price' | 'origPrice' | 'days'>;

/** The given fields in their stored names. */
function toValues(changes: PackageChanges): Partial<VipPackageValues> {
  const values: Partial<VipPackageValues> = {};
  if (changes.name !== undefined) values.name = changes.name;
  if (changes.remark !== undefined) values.remark = changes.remark;
  if (changes.price !== undefined) values.priceCents = changes.price;
  if (changes.origPrice !== undefined) values.origPriceCents = changes.origPrice;
  if (changes.days !== undefined) values.days = changes.days;
  if (changes.levelId !== undefined) values.levelId = changes.levelId;
  if (changes.status !== undefined) values.status = changes.status;
  if (changes.sort !== undefined) values.sortOrder = changes.sort;
  return values;
}

/**
 * VIP packages for operators (the admin CLI) and for the features that name a package (codes):
 * list, find by id or name, create and change. Orders keep their own copy of what was bought,
 * so a change here never alters an order already placed.
 */
export interface VipPackagesDeps {
  db: Kysely<DB>;
  /** The audit entry of a console change (features/staff-audit); the CLI's changes have none. */
  audit?: AuditRecorder;
}

/** The fields an audit entry keeps of a package. */
const audited = ({ id: _id, createTime: _createTime, ...fields }: VipPackageRecord) => fields;

export function createVipPackagesService({ db, audit }: VipPackagesDeps) {
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
      throw new AppError(
        400,
        SERVER_MSG.badRequest,
        `Several withdrawn packages are named "${key}" (ids ${ids}): use the id`,
      );
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
      throw new AppError(
        400,
        SERVER_MSG.origPriceBelowPrice,
        `original price (${orig}) must not be below the price (${price})`,
      );
    }
    if (changed.levelId !== undefined && !(await repo.levelExists(changed.levelId))) {
      throw new AppError(400, SERVER_MSG.badRequest, `level ${changed.levelId} does not exist`);
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

    /** Creates a package (on sale, level 2, sorted last unless told otherwise); `actor`: from the console. */
    async create(input: NewPackage, actor?: StaffCaller): Promise<VipPackageRecord> {
      if (actor) requireRecentConfirmation(actor);
      const changed = toValues(input);
      const pkg: VipPackageValues = {
        name: input.name,
        remark: input.remark ?? '',
        priceCents: input.price,
        origPriceCents: input.origPrice,
        days: input.days,
        levelId: input.levelId ?? PACKAGE_VIP_LEVEL,
        status: input.status ?? PACKAGE_STATUS.onSale,
        sortOrder: input.sort ?? (await nextSortOrder()),
      };
      await checkPackage(pkg, { ...changed, status: pkg.status });
      return repo.inTransaction(async (trx) => {
        const created = await repo.insert(pkg, trx);
        if (!created) throw nameTaken(pkg.name);
        if (actor && audit) {
          const about = { objectType: 'package', objectId: created.id } as const;
          await audit(actor, { ...about, action: 'package.create', after: audited(created) }, trx);
        }
        return created;
      });
    },

    /** Changes the given fields of a package (id or name) and its updated_at; `actor`: from the console. */
    async update(ref: string, changes: PackageChanges, actor?: StaffCaller): Promise<VipPackageRecord> {
      if (actor) requireRecentConfirmation(actor);
      const changed = toValues(changes);
      const current = await find(ref);
      if (!current) throw packageMissing(ref);
      const { id, ...values } = current;
      await checkPackage({ ...values, ...changed }, changed, id);
      return repo.inTransaction(async (trx) => {
        const updated = await repo.update(id, changed, trx);
        if (updated === null) throw nameTaken(changed.name ?? current.name);
        if (!updated) throw packageMissing(ref);
        if (actor && audit) {
          const [before, after] = changedFields(audited(current), audited(updated));
          const about = { objectType: 'package', objectId: id } as const;
          await audit(actor, { ...about, action: 'package.update', before, after }, trx);
        }
        return updated;
      });
    },
  };
}

export type VipPackagesService = ReturnType<typeof createVipPackagesService>;

function nameTaken(name: string) {
  return new AppError(400, SERVER_MSG.packageNameTaken, `another package on sale is named "${name}"`);
}

/** 404 VIP套餐不存在, naming the package asked for. */
export function packageMissing(ref: string) {
  return new AppError(404, SERVER_MSG.packageMissing, `No package "${ref}" (see: npm run admin -- packages)`);
}
