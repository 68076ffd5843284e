import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection';
import { hashCode } from '../features/activation-codes/activation-code';

const run = promisify(execFile);
const root = path.join(import.meta.dirname, '..', '..', '..', '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'yk-admin-'));
const outDir = mkdtempSync(path.join(tmpdir(), 'yk-admin-out-'));
const CODE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}(-[0-9A-HJKMNP-TV-Z]{5}){2}$/;

/** Runs `npm run admin -- …` as an operator would, on its own embedded database. */
async function admin(...args: string[]) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
  try {
    const { stdout, stderr } = await run(
      path.join(root, 'node_modules', '.bin', 'tsx'),
      [path.join(root, 'packages/server/src/cli/admin.ts'), ...args],
      { cwd: root, env },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

describe('npm run admin', () => {
  it('lists packages, makes codes printed and as CSV, stores only their hashes', async () => {
    const packages = await admin('packages');
    expect(packages.code, packages.stderr).toBe(0);
    expect(packages.stdout).toMatch(/^101\t年卡\t365 days\tlevel 2\ton sale$/m);
    expect(packages.stdout).toMatch(/^102\t两月卡\t60 days\tlevel 2\ton sale$/m);

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

    const database = await openDatabase({ dataDir });
    try {
      const stored = await database.db
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
    } finally {
      await database.close();
    }
    // The codes themselves are nowhere in the database's files, only their hashes.
    const files = readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    const everything = Buffer.concat(files.map((f) => readFileSync(path.join(f.parentPath, f.name))));
    expect(everything.includes(hashCode(codes[0]!))).toBe(true);
    for (const code of [...codes, ...rows.map(([code]) => code!)]) {
      expect(everything.includes(code.replace(/-/g, ''))).toBe(false);
      expect(everything.includes(code.slice(0, 14))).toBe(false);
    }
  }, 120_000);
});
