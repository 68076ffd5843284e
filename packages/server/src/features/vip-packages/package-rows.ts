import { formatYuan, type StaffPackageRow, type VipPackage } from '@yingku/contract';
import type { VipPackageRecord } from './vip-packages.repo';

type ShopFields = Pick<VipPackageRecord, 'id' | 'name' | 'remark' | 'priceCents' | 'origPriceCents' | 'days'>;

/** A package as the shop lists it (docs/product.md §7 /v2/app/vip/list): prices in yuan. */
export function toVipPackage(pkg: ShopFields): VipPackage {
  return {
    id: pkg.id,
    name: pkg.name,
    remark: pkg.remark,
    currentPrice: formatYuan(pkg.priceCents),
    origPrice: formatYuan(pkg.origPriceCents),
    days: pkg.days,
  };
}

/** A package as the console lists it: the shop's fields, its order, and whether it is on sale. */
export function toStaffPackageRow(pkg: VipPackageRecord): StaffPackageRow {
  return { ...toVipPackage(pkg), sort: pkg.sortOrder, status: pkg.status, createTime: pkg.createTime };
}
