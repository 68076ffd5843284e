// `npm run bench:data -- --works 1000000`: a synthetic catalogue of that size in a database,
// for measuring the site at scale. PostgreSQL when DATABASE_URL is set, else PGlite.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BulkSink } from './bulk-sink';
import { BENCH_PASSWORD, benchUserName } from './library-rows';
import { DEFAULT_SEED, loadBenchData, NotEmptyError } from './load-bench-data';
import { openPgliteSink } from './pglite-sink';
import { openPostgresSink } from './postgres-sink';

const USAGE = `usage: npm run bench:data -- --works N [--seed N] [--today YYYY-MM-DD] [--data-dir DIR] [--reset] [--keep-indexes]
  DATABASE_URL set: loads into that PostgreSQL database (UTF-8 ctype, for CJK search).
  Otherwise PGlite in --data-dir, DATA_DIR, or a new directory under ${tmpdir()}.
  A database that already has works or users is refused unless --reset (alias --force),
  which empties the catalogue and user tables first.`;

function fail(message: string): never {
  console.error(`bench:data: ${message}\n${USAGE}`);
  process.exit(2);
}

const { values: args } = parseArgs({
  options: {
    works: { type: 'string', default: '10000' },
    seed: { type: 'string', default: String(DEFAULT_SEED) },
    today: { type: 'string' },
    'data-dir': { type: 'string' },
    reset: { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
    'keep-indexes': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const works = Number(args.works);
if (!Number.isInteger(works) || works < 10 || works > 20_000_000) fail('--works must be a whole number from 10 to 20000000');
const seed = Number(args.seed);
if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 31) fail('--seed must be a whole number below 2^31');
if (args.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(args.today)) fail('--today must be YYYY-MM-DD');

const url = process.env.DATABASE_URL;
let target: string;
let sink: BulkSink;
if (url) {
  // Shown in the log: the password stays out of it.
  const shown = new URL(url);
  if (shown.password) shown.password = '…';
  target = shown.toString();
  sink = await openPostgresSink(url);
} else {
  target = args['data-dir'] ?? process.env.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'yingku-bench-data-')));
  sink = await openPgliteSink(target);
}
console.error(`bench:data: ${works.toLocaleString('en-US')} works into ${sink.kind} ${target}`);

try {
  const summary = await loadBenchData(sink, {
    works,
    seed,
    today: args.today,
    reset: args.reset || args.force,
    keepIndexes: args['keep-indexes'],
  });
  const total = Object.values(summary.rows).reduce((a, b) => a + b, 0);
  console.log(`\n${sink.kind} ${target}: ${total.toLocaleString('en-US')} rows in ${(summary.totalMs / 1000).toFixed(1)}s, ${(summary.bytes / 1024 ** 2).toFixed(0)} MB`);
  console.log(
    Object.entries(summary.phases)
      .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)}s`)
      .join(', '),
  );
  for (const [table, n] of Object.entries(summary.rows)) console.log(`  ${table.padEnd(16)} ${n.toLocaleString('en-US').padStart(12)}`);
  console.log(`users ${benchUserName(0)} … log in with the password ${BENCH_PASSWORD}`);
  console.log(url ? `serve it: DATABASE_URL=${target} npm start` : `serve it: DATA_DIR=${target} npm start`);
} catch (error) {
  if (error instanceof NotEmptyError) fail(error.message);
  throw error;
} finally {
  await sink.close();
}
