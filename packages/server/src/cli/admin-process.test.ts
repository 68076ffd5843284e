import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_MS } from '../../test/timeouts';

const run = promisify(execFile);
const root = path.join(import.meta.dirname, '..', '..', '..', '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const dataDir = mkdtempSync(path.join(tmpdir(), 'yk-admin-process-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run admin -- …` as its own process: the exit code and what it printed. */
async function admin(...args: string[]) {
  const running = run(tsx, ['packages/server/src/cli/admin.ts', ...args], { cwd: root, env });
  running.child.stdin?.end();
  try {
    return { code: 0, ...(await running) };
  } catch (error) {
    return error as { code: number; stdout: string; stderr: string };
  }
}

// The commands themselves are tested in-process (admin*.test.ts, test/admin-cli.ts); this is the
// one run of the real process, for what only it shows: admin.ts's wiring of argv, the settings,
// the embedded database in DATA_DIR, stdout, stderr and the exit code.
describe('npm run admin, as a process', () => {
  it(
    'prints results on stdout and exits 0; a command line that makes no sense: the usage, exit 2',
    async () => {
      const packages = await admin('packages');
      expect(packages.code, packages.stderr).toBe(0);
      expect(packages.stderr).toBe('');
      expect(packages.stdout).toMatch(
        /^101\t年卡\t365 days\tlevel 2\ton sale\t198\.00\/398\.00 yuan\tsort 1\t/m,
      );
      expect(packages.stdout).toMatch(
        /^102\t两月卡\t60 days\tlevel 2\ton sale\t45\.00\/60\.00 yuan\tsort 2\t/m,
      );

      const usage = await admin('no-such-command');
      expect(usage.code).toBe(2);
      expect(usage.stdout).toBe('');
      expect(usage.stderr).toMatch(/^Usage:/);
    },
    PROCESS_TEST_MS,
  );
});
