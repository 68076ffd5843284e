// `node scripts/measure-start.mjs [--runs N] [--only source|compiled] [--data-dir DIR]`: how long the server takes
// from spawn to its first HTTP answer, and its resident memory then, on the embedded database —
// a first start on an empty data directory (migrations and the demo catalogue) and a second start
// on the data the first left. Measures the server run from its TypeScript source under tsx and,
// when `npm run build` has made it, the compiled one; the two alternate run by run, so a busy
// machine weighs on both alike. Each run takes a new temporary DATA_DIR; demo videos stay off
// (ffmpeg would share the CPU). With --data-dir, each run starts on a new copy of DIR instead (a
// catalogue from `npm run bench:data`, say): its first start there, then its second. Prints every
// run, then the medians (decision 050).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 300_000;

const COMPILED_MAIN = 'packages/server/dist/main.js';
/** node's arguments for each way to start the server */
const WAYS = /** @type {const} */ ({
  source: ['--import', 'tsx', 'packages/server/src/main.ts'],
  compiled: [COMPILED_MAIN],
});

/**
 * @typedef {{ way: string, phase: 'first' | 'second', answeredMs: number, readyMs: number,
 *   rssMiB: number, peakMiB: number }} Measurement
 */

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    'data-dir': { type: 'string' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number ≥ 1');
const ways = /** @type {(keyof typeof WAYS)[]} */ (Object.keys(WAYS)).filter((way) =>
  values.only ? way === values.only : true,
);
if (ways.length === 0) throw new Error(`--only takes ${Object.keys(WAYS).join(' or ')}`);
const available = ways.filter((way) => way !== 'compiled' || existsSync(path.join(root, COMPILED_MAIN)));
if (available.length < ways.length)
  console.log('No packages/server/dist/main.js: run `npm run build` first.');

/** @type {Measurement[]} */
const results = [];
for (let run = 1; run <= runs; run++) {
  for (const way of available) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'yingku-start-'));
    if (values['data-dir']) cpSync(values['data-dir'], dataDir, { recursive: true });
    try {
      for (const phase of /** @type {const} */ (['first', 'second'])) {
        const measured = { way, phase, ...(await measureStart(WAYS[way], dataDir)) };
        results.push(measured);
        console.log(
          `run ${run} ${way.padEnd(8)} ${phase.padEnd(6)} answered ${measured.answeredMs} ms ` +
            `(server's own "ready in" ${measured.readyMs} ms), RSS ${measured.rssMiB} MiB, peak ${measured.peakMiB} MiB`,
        );
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

console.log(
  `\nMedians of ${runs} run(s): spawn → first HTTP answer (of which outside the server's own "ready in":` +
    ' loading the code, reading the config, answering), RSS when answering (peak RSS)',
);
for (const way of available) {
  for (const phase of ['first', 'second']) {
    const of = results.filter((r) => r.way === way && r.phase === phase);
    const med = (/** @type {(r: Measurement) => number} */ pick) => median(of.map(pick));
    console.log(
      `${way.padEnd(8)} ${phase.padEnd(6)} start ${med((r) => r.answeredMs)} ms ` +
        `(${med((r) => r.answeredMs - r.readyMs)} ms), ` +
        `RSS ${med((r) => r.rssMiB)} MiB (peak ${med((r) => r.peakMiB)} MiB)`,
    );
  }
}

/**
 * Starts the server, waits for the URL it prints, asks /readyz, reads its memory, stops it.
 * @param {readonly string[]} args node's arguments
 * @param {string} dataDir
 */
async function measureStart(args, dataDir) {
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_VIDEOS: 'false' };
  env.SHUTDOWN_DRAIN_MS = '0';
  // The embedded default is what is timed: no other database, no Redis (decision 080's settings too).
  const elsewhere = [
    'DATABASE_URL',
    'DATABASE_READ_URL',
    'REDIS_URL',
    'REDIS_SENTINELS',
    'REDIS_SENTINEL_NAME',
    'REDIS_PASSWORD',
    'REDIS_SENTINEL_PASSWORD',
  ];
  for (const name of elsewhere) delete env[name];
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  try {
    const line = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no URL printed in time')), START_TIMEOUT_MS);
      createInterface({ input: child.stdout }).on('line', (text) => {
        if (/ is running at http/.test(text)) resolve((clearTimeout(timer), text));
      });
      void exited.then((code) => reject(new Error(`server exited (${String(code)}):\n${stderr}`)));
    });
    const [, url = ''] = /running at (http:\/\/\S+)/.exec(line) ?? [];
    const response = await fetch(new URL('readyz', url.replace('//localhost:', '//127.0.0.1:')));
    await response.arrayBuffer();
    const answeredMs = Math.round(performance.now() - started);
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const mib = (/** @type {string} */ field) =>
      Math.round(Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024);
    const readyMs = Number(/ready in (\d+) ms/.exec(line)?.[1] ?? NaN);
    return { answeredMs, readyMs, rssMiB: mib('VmRSS'), peakMiB: mib('VmHWM') };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** @param {number[]} numbers */
function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round(((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2);
}
