// `npm run bench:web`: Lighthouse (mobile, simulated throttling) on /index of the built web app,
// served by the real server on the demo catalogue. A benchmark, not a test: it prints figures
// and writes them to tmp/bench-web/ at the repository's root (git-ignored), and asserts nothing.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { firstPageJsGzip } from '../first-page';
import { freePort, startProcess, stopProcess } from '../processes';
import { launchChromium } from './chromium';
import { type PageFigures, runLighthouse } from './lighthouse-run';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    path: { type: 'string', default: '/index' },
    // Another build to measure (e.g. an older dist kept for a before/after comparison).
    'web-dist': { type: 'string' },
  },
});
const runs = Number(args.runs);
const pagePath = args.path;

const here = import.meta.dirname;
const webDist = path.resolve(args['web-dist'] ?? path.join(here, '..', '..', '..', 'web', 'dist'));
const resultsDir = path.join(here, '..', '..', '..', '..', 'tmp', 'bench-web');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function printFigures(all: PageFigures[]) {
  const row = (name: string, pick: (f: PageFigures) => number, format: (v: number) => string) =>
    console.log(
      `${name.padEnd(26)} ${format(median(all.map(pick))).padStart(8)}   runs: ${all.map((f) => format(pick(f))).join(', ')}`,
    );
  const ms = (v: number) => `${Math.round(v)} ms`;
  const s = (v: number) => `${(v / 1000).toFixed(2)} s`;
  console.log(`\n${'median of runs'.padEnd(26)} ${'value'.padStart(8)}`);
  row(
    'performance score',
    (f) => f.score,
    (v) => String(Math.round(v)),
  );
  row('largest contentful paint', (f) => f.lcp, s);
  row('first contentful paint', (f) => f.fcp, s);
  row('total blocking time', (f) => f.tbt, ms);
  row(
    'cumulative layout shift',
    (f) => f.cls,
    (v) => v.toFixed(3),
  );
  row('speed index', (f) => f.speedIndex, s);
  row(
    'CPU benchmark index',
    (f) => f.benchmarkIndex,
    (v) => String(Math.round(v)),
  );
  const last = all[all.length - 1]!;
  console.log(`\nLCP element (last run): ${last.lcpElement ?? 'unknown'}`);
  console.log(
    `Flagged by Lighthouse (last run):${last.flagged.map((f) => `\n  - ${f}`).join('') || ' nothing'}`,
  );
}

async function main() {
  const js = await firstPageJsGzip(webDist);
  console.log(`First page JavaScript: ${js.files} file(s), ${kib(js.bytes)} gzip`);
  for (const chunk of js.chunks) console.log(`  ${chunk.file.padEnd(44)} ${kib(chunk.bytes).padStart(10)}`);

  const dataDir = await mkdtemp(path.join(tmpdir(), 'yingku-bench-web-'));
  const port = await freePort();
  console.log(`\nStarting the server on the demo catalogue (PGlite in ${dataDir})…`);
  const server = await startProcess(
    path.join(here, '..', '..', 'src', 'main.ts'),
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
      WEB_DIST: webDist,
    },
    /is running at/,
  );
  const chromium = await launchChromium();
  const url = `http://127.0.0.1:${port}${pagePath}`;
  const figures: PageFigures[] = [];
  const lhrs: unknown[] = [];
  try {
    console.log(`Lighthouse on ${url}: mobile, simulated slow 4G and 4× CPU slowdown, ${runs} run(s)`);
    // A first visit warms the server (catalogue cache, demo covers), as a live site would be.
    await fetch(url);
    for (let i = 0; i < runs; i++) {
      const result = await runLighthouse(url, chromium.port);
      figures.push(result.figures);
      lhrs.push(result.lhr);
      process.stdout.write('.');
    }
  } finally {
    await chromium.close();
    await stopProcess(server);
    await rm(dataDir, { recursive: true, force: true });
  }
  printFigures(figures);

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = path.join(resultsDir, stamp);
  await mkdir(dir, { recursive: true });
  const summary = { url: pagePath, webDist, firstPageJs: js, runs: figures };
  await writeFile(path.join(dir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  await Promise.all(
    lhrs.map((lhr, i) => writeFile(path.join(dir, `lhr-${i + 1}.json`), JSON.stringify(lhr))),
  );
  console.log(
    `\nResults: ${path.relative(process.cwd(), dir)}/ (summary.json, lhr-N.json: open in Lighthouse's viewer)`,
  );
}

await main();
