/**
 * The VIP package commands of `npm run admin`: their usage, their command line and what they
 * print. Values are checked by the contract's package schema, the same as the console's (a bad
 * one: the option and the rule, exit 1); what only the stored packages decide, by the
 * vip-packages service (its message, exit 1). A command line that makes no sense: the usage, exit 2.
 */
import { parseArgs } from 'node:util';
import { formatYuan, staffPackageBody, staffPackageUpdateBody } from '@yingku/contract';
import type { z } from 'zod';
import {
  type NewPackage,
  PACKAGE_LIMITS,
  PACKAGE_STATUS,
  type PackageChanges,
  type VipPackageRecord,
  type VipPackagesService,
} from '../features/vip-packages/vip-packages.service';
import type { CliOutput } from './admin-output';

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

/** A package command with its values checked. */
export type PackageCommand =
  { name: 'package-add'; input: NewPackage } | { name: 'package-set'; ref: string; input: PackageChanges };

/** A command line whose values the package rules refuse: which option, and why. */
export interface RefusedValue {
  name: 'refused';
  message: string;
}

/** The command line's option of each field, for messages. */
const OPTION_OF: Record<string, string> = {
  name: '--name',
  remark: '--remark',
  price: '--price',
  origPrice: '--orig',
  days: '--days',
  sort: '--sort',
  status: '--on-sale/--withdraw',
};

/** A whole number as typed, or NaN (which the schema refuses with its message). */
function integer(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  return /^\s*-?\d{1,10}\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** The first refused field as `--days "7x": 天数须为1-3650的整数`. */
function refused(error: z.ZodError, typed: Record<string, unknown>): RefusedValue {
  const issue = error.issues[0];
  const field = String(issue?.path[0] ?? '');
  const option = OPTION_OF[field] ?? 'a value';
  const value = typed[field];
  const shown = typeof value === 'string' ? ` "${value}"` : '';
  return { name: 'refused', message: `${option}${shown}: ${issue?.message ?? 'refused'}` };
}

/**
 * `package-add …` or `package-set …` (argv after the command's name), its values parsed by the
 * console's schema (staffPackageBody, staffPackageUpdateBody); null: show the usage.
 */
export function parsePackageCommand(command: string, argv: string[]): PackageCommand | RefusedValue | null {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch {
    return null; // an unknown option, or one without its value
  }
  const { values, positionals } = parsed;
  if (values['on-sale'] && values.withdraw) return null;
  let status: number | undefined;
  if (values['on-sale']) status = PACKAGE_STATUS.onSale;
  if (values.withdraw) status = PACKAGE_STATUS.withdrawn;
  const typed = {
    name: values.name,
    remark: values.remark,
    price: values.price,
    origPrice: values.orig,
    days: values.days,
    sort: values.sort,
  };
  const fields = { ...typed, days: integer(values.days), sort: integer(values.sort), status };
  if (command === 'package-add') {
    const { name, price, origPrice, days } = fields;
    const complete =
      name !== undefined && price !== undefined && origPrice !== undefined && days !== undefined;
    // A new package goes on sale; withdrawing it is a second step.
    if (!complete || positionals.length > 0 || status !== undefined) return null;
    const checked = staffPackageBody.safeParse(fields);
    return checked.success ? { name: command, input: checked.data } : refused(checked.error, typed);
  }
  const changes = Object.values(fields).filter((value) => value !== undefined);
  if (command !== 'package-set' || positionals.length !== 1 || changes.length === 0) return null;
  const checked = staffPackageUpdateBody.safeParse(fields);
  if (!checked.success) return refused(checked.error, typed);
  return { name: command, ref: positionals[0]!.trim(), input: checked.data };
}

function parseOptions(argv: string[]) {
  return parseArgs({
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
}

/** One package on one line, tab-separated (a remark holds no tabs: the schema refuses them). */
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
  output: CliOutput,
): Promise<number> {
  const pkg =
    command.name === 'package-add'
      ? await service.create(command.input)
      : await service.update(command.ref, command.input);
  output.out(packageLine(pkg));
  output.err(`${command.name === 'package-add' ? 'Added' : 'Changed'} package ${pkg.id} (${pkg.name})`);
  return 0;
}
