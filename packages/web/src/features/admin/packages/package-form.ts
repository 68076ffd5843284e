import {
  SERVER_MSG,
  staffPackageBody,
  type StaffPackageRow,
  staffPackageUpdateBody,
  type StaffPackageBody,
  type StaffPackageUpdateBody,
} from '@yingku/contract';
import { parseInteger } from '../admin-model';

/** The package dialog's fields as typed (numbers as text until saved). */
export interface PackageFormValues {
  name: string;
  remark: string;
  price: string;
  origPrice: string;
  days: string;
  sort: string;
  onSale: boolean;
}

export const NEW_PACKAGE: PackageFormValues = {
  name: '',
  remark: '',
  price: '',
  origPrice: '',
  days: '30',
  sort: '',
  onSale: true,
};

export const packageFormValues = (row: StaffPackageRow): PackageFormValues => ({
  name: row.name,
  remark: row.remark,
  price: row.currentPrice,
  origPrice: row.origPrice,
  days: String(row.days),
  sort: String(row.sort),
  onSale: row.status === 0,
});

type Checked<T> = { ok: true; body: T } | { ok: false; message: string };
type NewBody = Omit<StaffPackageBody, 'appId' | 'isDht'>;
type UpdateBody = Omit<StaffPackageUpdateBody, 'appId' | 'isDht'>;

/** The typed fields as the API's, or the first problem in the contract's words. */
function fields(values: PackageFormValues): Checked<NewBody> {
  const days = parseInteger(values.days);
  if (days === undefined) return { ok: false, message: SERVER_MSG.packageDaysInvalid };
  const sort = values.sort.trim() === '' ? undefined : parseInteger(values.sort);
  if (values.sort.trim() !== '' && sort === undefined) {
    return { ok: false, message: SERVER_MSG.packageSortInvalid };
  }
  return {
    ok: true,
    body: {
      name: values.name.trim(),
      remark: values.remark.trim(),
      price: values.price.trim(),
      origPrice: values.origPrice.trim(),
      days,
      sort,
      status: values.onSale ? 0 : 1,
    },
  };
}

/** The first message of a failed contract check. */
const firstIssue = (error: { issues: readonly { message: string }[] }) =>
  error.issues[0]?.message ?? SERVER_MSG.badRequest;

/** A new package checked with the server's own schema (the server checks again, and more). */
export function newPackageBody(values: PackageFormValues): Checked<NewBody> {
  const checked = fields(values);
  if (!checked.ok) return checked;
  const parsed = staffPackageBody.safeParse(checked.body);
  return parsed.success ? checked : { ok: false, message: firstIssue(parsed.error) };
}

const sameYuan = (a: string, b: string) => Number(a) === Number(b);

/** Only the fields that changed, checked; 没有要修改的内容 when none did. */
export function packageChanges(row: StaffPackageRow, values: PackageFormValues): Checked<UpdateBody> {
  const checked = fields(values);
  if (!checked.ok) return checked;
  const next = checked.body;
  const body: UpdateBody = {};
  if (next.name !== row.name) body.name = next.name;
  if (next.remark !== row.remark) body.remark = next.remark;
  if (!sameYuan(String(next.price), row.currentPrice)) body.price = next.price;
  if (!sameYuan(String(next.origPrice), row.origPrice)) body.origPrice = next.origPrice;
  if (next.days !== row.days) body.days = next.days;
  if (next.sort !== undefined && next.sort !== row.sort) body.sort = next.sort;
  if (next.status !== row.status) body.status = next.status;
  if (Object.keys(body).length === 0) return { ok: false, message: SERVER_MSG.nothingToChange };
  const parsed = staffPackageUpdateBody.safeParse(body);
  return parsed.success ? { ok: true, body } : { ok: false, message: firstIssue(parsed.error) };
}
