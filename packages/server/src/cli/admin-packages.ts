import { formatYuan } from '@yingku/contract';
/**
 * The VIP package commands of `npm run admin`: their usage, their command line and what they
 * print. Values are checked by the vip-packages service (a bad one: its message, exit 1); this
 * file only decides whether the command line makes sense (if not: the usage, exit 2).
 */
import { parseArgs } from 'node:util';
import {
  type NewPackageInput,
  PACKAGE_LIMITS,
  PACKAGE_STATUS,
  type PackageInput,
  type VipPackageRecord,
  type VipPackagesService,
} from '../features/vip-packages/vip-packages.service';

export const PACKAGES_USAGE = `  npm run admin -- packages
      Lists the VIP packages: id, name, days, level, on sale or withdrawn, price/original
      price in yuan, sort order, remark.
  npm run admin -- package-add --name NAME --price YUAN --orig YUAN --days N [--remark TEXT] [--sort N]
      Adds a package, on sale, granting VIP (level 2). NAME: 1 … ${PACKAGE_LIMITS.nameChars} characters, not
      only digits, not the name of another package on sale. Prices in yuan with at most 2
      decimals (45, 45.5, 45.50), --orig (the struck-through price) not below --price. Days
      1 … ${PACKAGE_LIMITS.maxDays}. Remark: at most ${PACKAGE_LIMITS.remarkChars} characters. --sort places it in the shop (lower
      first; default: after the others).
  npm run admin -- package-set <id|name> [--name NAME] [--price YUAN] [--orig YUAN] [--days N]
                              [--remark TEXT] [--sort N] [--on-sale | --withdraw]
      Changes a package; the same rules apply. --withdraw takes it out of the shop (it can no
      longer be bought; its codes still redeem), --on-sale puts it back. Orders already placed
      keep the name, days and amount they were placed with. A negative --sort is written
      --sort=-1.`;

/** A package command as typed, values still unchecked. */
export type PackageCommand =
  { name: 'package-add'; input: NewPackageInput } | { name: 'package-set'; ref: string; input: PackageInput };

/** A whole number as typed, or NaN (which the service refuses with its message). */
function integer(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  return /^\s*-?\d{1,10}\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** `package-add …` or `package-set …` (argv after the command's name); null: show the usage. */
export function parsePackageCommand(command: string, argv: string[]): PackageCommand | null {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        price: { type: 'string' },
        orig: { type: 'string' },
        days: { type: 'string' },
        remark: { type: 'string' },
        sort: { type: 'string' },
        'on-sale': { type: 'boolean' },
        withdraw: { type: 'boolean' },
      },
    });
    if (values['on-sale'] && values.withdraw) return null;
    let status: number | undefined;
    if (values['on-sale']) status = PACKAGE_STATUS.onSale;
    if (values.withdraw) status = PACKAGE_STATUS.withdrawn;
    const input: PackageInput = {
      name: values.name,
      remark: values.remark,
      price: values.price,
      origPrice: values.orig,
      days: integer(values.days),
      sortOrder: integer(values.sort),
      status,
    };
    if (command === 'package-add') {
      const { name, price, origPrice, days } = input;
      const complete =
        name !== undefined && price !== undefined && origPrice !== undefined && days !== undefined;
      // A new package goes on sale; withdrawing it is a second step.
      if (!complete || positionals.length > 0 || status !== undefined) return null;
      return { name: command, input: { ...input, name, price, origPrice, days } };
    }
    const changes = Object.values(input).filter((value) => value !== undefined);
    if (command !== 'package-set' || positionals.length !== 1 || changes.length === 0) return null;
    return { name: command, ref: positionals[0]!.trim(), input };
  } catch {
    return null; // an unknown option, or one without its value
  }
}

/** One package on one line, tab-separated (a remark holds no tabs: the service refuses them). */
export function packageLine(p: VipPackageRecord): string {
  const state = p.status === PACKAGE_STATUS.onSale ? 'on sale' : 'withdrawn';
  const prices = `${formatYuan(p.priceCents)}/${formatYuan(p.origPriceCents)} yuan`;
  return [
    p.id,
    p.name,
    `${p.days} days`,
    `level ${p.levelId}`,
    state,
    prices,
    `sort ${p.sortOrder}`,
    p.remark,
  ].join('\t');
}

/** Adds or changes the package, prints it, and says what was done. */
export async function runPackageCommand(
  command: PackageCommand,
  service: VipPackagesService,
): Promise<number> {
  const pkg =
    command.name === 'package-add'
      ? await service.create(command.input)
      : await service.update(command.ref, command.input);
  console.log(packageLine(pkg));
  console.error(`${command.name === 'package-add' ? 'Added' : 'Changed'} package ${pkg.id} (${pkg.name})`);
  return 0;
}
