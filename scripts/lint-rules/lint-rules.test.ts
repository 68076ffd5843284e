import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint rules that hold the architecture (decision 036) and the type-aware checks of eslint.config.js
 * must fail on a violation, or they hold nothing: each probe below breaks one rule on purpose.
 */
const root = path.resolve(import.meta.dirname, '../..');
const depConfig = createRequire(import.meta.url)(
  path.join(root, '.dependency-cruiser.cjs'),
) as IConfiguration;

describe('dependency directions (npm run lint:deps)', () => {
  let tree: string;
  const probe: Record<string, string> = {
    // A feature reaching into another feature's repo.
    'packages/server/src/features/orders/orders.service.ts':
      "import { x } from '../payments/payments.repo';\nexport const y = x;\n",
    'packages/server/src/features/payments/payments.repo.ts': 'export const x = 1;\n',
    // Shared server code importing a feature.
    'packages/server/src/http/paging.ts':
      "import { y } from '../features/orders/orders.service';\nexport const z = y;\n",
    // Shared web code importing a feature.
    'packages/web/src/components/card.tsx': "import { f } from '../features/vip/vip';\nexport const c = f;\n",
    'packages/web/src/features/vip/vip.ts': 'export const f = 1;\n',
    // The contract importing an app.
    'packages/contract/src/money.ts':
      "import { z } from '../../server/src/http/paging';\nexport const m = z;\n",
    // A cycle.
    'packages/server/src/lib/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
    'packages/server/src/lib/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
  };

  beforeAll(async () => {
    tree = await mkdtemp(path.join(tmpdir(), 'yingku-depcruise-'));
    for (const [file, text] of Object.entries(probe)) {
      await mkdir(path.dirname(path.join(tree, file)), { recursive: true });
      await writeFile(path.join(tree, file), text);
    }
  });
  afterAll(() => rm(tree, { recursive: true, force: true }));

  it('refuses each forbidden direction', async () => {
    const cwd = process.cwd();
    process.chdir(tree); // dependency-cruiser matches paths relative to the working directory
    let result: ICruiseResult;
    try {
      const reporting = await cruise(
        ['packages'],
        { ruleSet: { forbidden: depConfig.forbidden ?? [] }, ...depConfig.options, validate: true },
        { extensions: ['.ts', '.tsx'] },
      );
      result = reporting.output as ICruiseResult;
    } finally {
      process.chdir(cwd);
    }
    const broken = result.summary.violations.map((v) => `${v.rule.name}: ${v.from}`);
    expect(broken).toEqual(
      expect.arrayContaining([
        'no-foreign-repo: packages/server/src/features/orders/orders.service.ts',
        'shared-server-code-imports-no-feature: packages/server/src/http/paging.ts',
        'shared-web-code-imports-no-feature: packages/web/src/components/card.tsx',
        'contract-imports-no-app: packages/contract/src/money.ts',
        expect.stringMatching(/^no-circular: packages\/server\/src\/lib\/[ab][.]ts$/),
      ]),
    );
  });
});

describe('type-aware lint (eslint .)', () => {
  // Linted as if it were a server file beside the real ones, with the repository's config.
  const file = path.join(root, 'packages/server/src/lib/every.ts');
  const lint = async (code: string) => {
    const [report] = await new ESLint({ cwd: root }).lintText(code, { filePath: file });
    return report!.messages.map((m) => m.ruleId);
  };

  it('refuses a floating promise, a promise where a void callback goes, and a switch that misses a case', async () => {
    const rules = await lint(
      [
        'export async function work(): Promise<void> {}',
        'export function start(): void {',
        '  work();',
        '  [1].forEach(async () => work());',
        '}',
        "export function name(kind: 'a' | 'b'): string {",
        '  switch (kind) {',
        "    case 'a':",
        "      return 'A';",
        '  }',
        "  return '';",
        '}',
        '',
      ].join('\n'),
    );
    expect(rules).toEqual(
      expect.arrayContaining([
        '@typescript-eslint/no-floating-promises',
        '@typescript-eslint/no-misused-promises',
        '@typescript-eslint/switch-exhaustiveness-check',
      ]),
    );
  }, 120_000);
});

describe('one way to take and open a transaction (eslint ., decision 040)', () => {
  const lintAs = async (file: string, code: string) => {
    const [report] = await new ESLint({ cwd: root }).lintText(code, { filePath: path.join(root, file) });
    return report!.messages.filter((m) => m.ruleId?.startsWith('yingku/')).map((m) => m.message);
  };

  it('refuses a repo method that takes the transaction anywhere but last, or spells it by hand', async () => {
    const messages = await lintAs(
      'packages/server/src/features/orders/orders.repo.ts',
      [
        "import type { Kysely, Transaction } from 'kysely';",
        "import type { Executor } from '../../db/executor';",
        "import type { DB } from '../../db/schema';",
        'export function createProbeRepo(db: Kysely<DB>) {',
        '  return {',
        "    first: async (trx: Executor, id: string) => trx.selectFrom('orders').where('id', '=', id).execute(),",
        "    spelt: async (id: string, trx: Transaction<DB>) => trx.selectFrom('orders').where('id', '=', id).execute(),",
        "    last: async (id: string, trx: Executor = db) => trx.selectFrom('orders').where('id', '=', id).execute(),",
        '    opened: () => db.transaction().execute(async () => 1),',
        '  };',
        '}',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([
      'The transaction goes last (decision 040): move `trx` to the end.',
      'Type a transaction as `Executor` (db/executor.ts), not `Transaction`.',
      'Open transactions with inTransaction (db/executor.ts), not `.transaction()`.',
    ]);
  }, 120_000);

  it('refuses a service that opens a transaction itself', async () => {
    const messages = await lintAs(
      'packages/server/src/features/orders/orders.service.ts',
      [
        "import type { Kysely } from 'kysely';",
        "import { inTransaction } from '../../db/executor';",
        "import type { DB } from '../../db/schema';",
        'export const probe = (db: Kysely<DB>) => inTransaction(db, async () => 1);',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([
      "A service asks its repo's inTransaction(work); only repos open transactions.",
    ]);
  }, 120_000);
});

describe('migrations a deploy can run beside the serving release (eslint ., decisions 072, 076)', () => {
  // A landed migration's path (the type-aware parser needs a file it knows), checked as if new.
  const LANDED = 'packages/server/src/db/migrations/0028-two-factor.ts';
  const asNew: Linter.Config = {
    files: ['packages/server/src/db/migrations/*.ts'],
    rules: { 'yingku/safe-migration': ['error', { firstChecked: 1 }] },
  };
  const lintAs = async (file: string, code: string, checkedAsNew = true) => {
    const eslint = new ESLint({ cwd: root, ...(checkedAsNew ? { overrideConfig: asNew } : {}) });
    const [report] = await eslint.lintText(code, { filePath: path.join(root, file) });
    expect(report!.messages.filter((m) => m.fatal)).toEqual([]);
    return report!.messages.filter((m) => m.ruleId?.startsWith('yingku/')).map((m) => m.message);
  };
  const migration = (up: string[], down: string[] = []) =>
    [
      "import { type Kysely, sql } from 'kysely';",
      'export async function up(db: Kysely<unknown>): Promise<void> {',
      ...up.map((line) => `  await sql\`${line}\`.execute(db);`),
      '}',
      'export async function down(db: Kysely<unknown>): Promise<void> {',
      ...down.map((line) => `  await sql\`${line}\`.execute(db);`),
      '}',
      '',
    ].join('\n');

  it('refuses a plain index, a NOT NULL column without a default, a type change and a drop', async () => {
    const messages = await lintAs(
      LANDED,
      migration(
        [
          'CREATE INDEX works_probe ON works (title)',
          'ALTER TABLE works ADD COLUMN probe text NOT NULL',
          'ALTER TABLE works ALTER COLUMN title TYPE varchar(500)',
          'ALTER TABLE works DROP COLUMN old_probe',
          'CREATE INDEX CONCURRENTLY IF NOT EXISTS works_probe2 ON works (title)',
          "UPDATE works SET probe = 'x' WHERE probe IS NULL",
        ],
        ['DROP INDEX works_probe'],
      ),
    );
    expect(messages).toEqual([
      expect.stringContaining('concurrentIndexes'),
      expect.stringContaining('DEFAULT'),
      expect.stringContaining('type change'),
      expect.stringContaining('contract in a later release'),
      expect.stringContaining('cannot run in the migration transaction'),
      expect.stringContaining('`backfills`'),
    ]);
  }, 120_000);

  it('lets a migration build what it creates, add columns safely, and drop in down', async () => {
    const messages = await lintAs(
      LANDED,
      migration(
        [
          'CREATE TABLE probes (id bigint PRIMARY KEY, name text NOT NULL)',
          'CREATE INDEX probes_name ON probes (name)',
          'ALTER TABLE probes ADD COLUMN kind text NOT NULL',
          "ALTER TABLE works ADD COLUMN probe text NOT NULL DEFAULT ''",
          'ALTER TABLE works ADD COLUMN maybe text',
          "UPDATE probes SET kind = 'x'",
        ],
        ['DROP TABLE probes', 'ALTER TABLE works DROP COLUMN probe'],
      ),
    );
    expect(messages).toEqual([]);
  }, 120_000);

  it('leaves the landed migrations as they are', async () => {
    const messages = await lintAs(LANDED, migration(['CREATE INDEX works_probe ON works (title)']), false);
    expect(messages).toEqual([]);
  }, 120_000);
});
