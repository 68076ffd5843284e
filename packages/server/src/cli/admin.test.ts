import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_MSG } from '@yingku/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createAdminCli } from '../../test/admin-cli';
import { openDatabase } from '../db/connection';
import { hashCode } from '../features/activation-codes/activation-code';
import { parsePackageCommand } from './admin-packages';

// PGlite in DATA_DIR, as the command opens it: the test reads the database's files.
const cli = createAdminCli({ database: 'data-dir' });
const { admin, dataDir } = cli;
const outDir = mkdtempSync(path.join(tmpdir(), 'yk-admin-out-'));
const CODE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}(-[0-9A-HJKMNP-TV-Z]{5}){2}$/;

afterAll(async () => {
  await cli.cleanup();
  rmSync(outDir, { recursive: true, force: true });
});

describe('npm run admin', () => {
  it('lists packages, makes codes printed and as CSV, stores only their hashes', async () => {
    const packages = await admin('packages');
    expect(packages.code, packages.stderr).toBe(0);
    expect(packages.stdout).toMatch(
      /^101\t年卡\t365 days\tlevel 2\ton sale\t198\.00\/398\.00 yuan\tsort 1\t365天VIP/m,
    );
    expect(packages.stdout).toMatch(
      /^102\t两月卡\t60 days\tlevel 2\ton sale\t45\.00\/60\.00 yuan\tsort 2\t/m,
    );

    const printed = await admin('codes', '--package', '两月卡', '--count', '3', '--batch', 'printed');
    expect(printed.code, printed.stderr).toBe(0);
    const codes = printed.stdout.trim().split('\n');
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(CODE);
    expect(printed.stderr).toContain('3 codes for 两月卡 (package 102, 60 days) in batch printed');

    const csvFile = path.join(outDir, 'codes.csv');
    const csv = await admin('codes', '--package', '101', '--count', '2', '--csv', csvFile);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout).toBe('');
    const lines = readFileSync(csvFile, 'utf8').split('\r\n');
    expect(lines[0]).toBe('\uFEFFcode,package,batch');
    const rows = lines.slice(1, 3).map((line) => line.split(','));
    for (const [code, name, batch] of rows) {
      expect(code).toMatch(CODE);
      expect(name).toBe('年卡');
      expect(batch).toMatch(/^codes-\d{8}T\d{6}Z$/);
    }
    expect(lines.slice(3)).toEqual(['']);

    // An existing file is never replaced (and nothing is stored); bad arguments show the usage.
    const again = await admin('codes', '--package', '101', '--count', '2', '--csv', csvFile);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('exists already');
    expect((await admin('codes', '--package', '101', '--count', '0')).code).toBe(2);
    expect((await admin('codes', '--count', '5')).stderr).toContain('Usage:');

    await cli.inDatabase(async (db) => {
      const stored = await db
        .selectFrom('activation_codes')
        .select(['code_hash', 'package_id', 'batch', 'redeemed_at'])
        .orderBy('batch')
        .execute();
      const expected = [
        ...rows.map(([code, , batch]) => ({ code_hash: hashCode(code!), package_id: '101', batch })),
        ...codes.map((code) => ({ code_hash: hashCode(code), package_id: '102', batch: 'printed' })),
      ];
      expect(stored.map(({ redeemed_at, ...row }) => (expect(redeemed_at).toBeNull(), row))).toEqual(
        expect.arrayContaining(expected),
      );
      expect(stored).toHaveLength(5);
    });
    await cli.closeDatabase(); // as the command's process ends: everything is in the files
    // The codes themselves are nowhere in the database's files, only their hashes.
    const files = readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    const everything = Buffer.concat(files.map((f) => readFileSync(path.join(f.parentPath, f.name))));
    expect(everything.includes(hashCode(codes[0]!))).toBe(true);
    for (const code of [...codes, ...rows.map(([code]) => code!)]) {
      expect(everything.includes(code.replace(/-/g, ''))).toBe(false);
      expect(everything.includes(code.slice(0, 14))).toBe(false);
    }
  }, 120_000);

  it('adds a package, changes and withdraws it; refuses a bad value with exit 1', async () => {
    const added = await admin(...'package-add --name 周卡 --price 9.9 --orig 19.90 --days 7'.split(' '));
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toBe('103\t周卡\t7 days\tlevel 2\ton sale\t9.90/19.90 yuan\tsort 3\t\n');

    const bad = await admin('package-set', '周卡', '--price', '20', '--days', '8');
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe('original price (19.90) must not be below the price (20.00)');
    const set = await admin(
      ...'package-set 周卡 --price 12.5 --remark 7天VIP --sort=-1 --withdraw'.split(' '),
    );
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toContain('Changed package 103 (周卡)');
    // Days still 7: the refused change above wrote nothing.
    expect(set.stdout).toBe('103\t周卡\t7 days\tlevel 2\twithdrawn\t12.50/19.90 yuan\tsort -1\t7天VIP\n');
  }, 120_000);

  it('shows the usage (null) for package command lines that make no sense, not for bad values', () => {
    const parse = (line: string) => {
      const [command, ...rest] = line.split(' ');
      return parsePackageCommand(command!, rest);
    };
    for (const line of [
      'package-set',
      'package-set 101',
      'package-set 101 102 --days 3',
      'package-set 101 --on-sale --withdraw',
      'package-set 101 --level 3',
      'package-set 101 --price -5',
      'package-add --name 周卡 --price 9 --orig 9',
      'package-add --name 周卡 --price 9 --orig 9 --days 7 --withdraw',
      'package-add 周卡 --name 周卡 --price 9 --orig 9 --days 7',
    ]) {
      expect(parse(line), line).toBeNull();
    }
    // Values go through the console's schema: a bad one is refused with the rule, not the usage.
    expect(parse('package-set 101 --days 7x --price=-5')).toEqual({
      name: 'refused',
      message: `--price "-5": ${SERVER_MSG.priceInvalid}`,
    });
    expect(parse('package-set 101 --days 7x')).toEqual({
      name: 'refused',
      message: `--days "7x": ${SERVER_MSG.packageDaysInvalid}`,
    });
    expect(parse('package-add --name 周卡 --price 9 --orig 9 --days 7 --sort=-2')).toEqual({
      name: 'package-add',
      input: expect.objectContaining({ name: '周卡', price: 900, origPrice: 900, days: 7, sort: -2 }),
    });
  });
});

describe('npm run admin -- backup / restore', () => {
  it('backs up, refuses while the database is open, and restores with the counts', async () => {
    const archive = path.join(outDir, 'backup.tar.gz');
    await admin('packages'); // creates and migrates the database
    await cli.closeDatabase();
    const open = await openDatabase({ dataDir });
    try {
      const refused = await admin('backup', archive);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/in use by process \d+ .*stop it first/);
    } finally {
      await open.close();
    }
    const made = await admin('backup', archive);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^Backed up .* to .*backup\.tar\.gz: \d+ files/);

    const refused = await admin('restore', archive);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not empty: pass --force');
    const restored = await admin('restore', archive, '--force');
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/now in .*\.before-restore-/);
    expect(restored.stdout).toMatch(/Restored .* \d+ users, \d+ orders, \d+ likes/);
    for (const aside of readdirSync(path.dirname(dataDir)).filter((name) =>
      name.startsWith(`${path.basename(dataDir)}.before-restore-`),
    )) {
      rmSync(path.join(path.dirname(dataDir), aside), { recursive: true, force: true });
    }
  }, 120_000);
});
