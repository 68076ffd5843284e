// `npm run bench:web`: the JavaScript each first screen loads (/index, a channel list, a work
// detail, search, login, member), then Lighthouse (mobile, simulated throttling) on /index and a
// work detail of the built web app, served by the real server on the demo catalogue. A benchmark,
// not a test: it prints figures and writes them to tmp/bench-web/ at the repository's root
// (git-ignored), and asserts nothing. `--path /x` (repeatable) measures other pages instead;
// `--js-only` skips Lighthouse.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { firstScreensJs, type ScreenJs } from '../first-screens';
import { freePort, startProcess, stopProcess } from '../processes';
import { launchChromium } from './chromium';
import { type PageFigures, runLighthouse } from './lighthouse-run';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    // Default: /index and the detail of /index's first work.
    path: { type: 'string', multiple: true },
    'js-only': { type: 'boolean', default: false },
    // Another build to measure (e.g. an older dist kept for a before/after comparison).
    'web-dist': { type: 'string' },
  },
});
const runs = Number(args.runs);

const here = import.meta.dirname;
const webDist = path.resolve(args['web-dist'] ?? path.join(here, '..', '..', '..', 'web', 'dist'));
const resultsDir = path.join(here, '..', '..', '..', '..', 'tmp', 'bench-web');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function printScreens(screens: ScreenJs[]) {
  console.log(`\nJavaScript of each first screen (first visit, no service worker; gzip):`);
  for (const screen of screens) {
    console.log(
      `  ${screen.name.padEnd(14)} ${screen.path.padEnd(34)} ${String(screen.files).padStart(3)} files ${kib(screen.bytes).padStart(10)}`,
    );
  }
}

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
    'SEO score',
    (f) => f.seo,
    (v) => String(Math.round(v)),
  );
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
  const dataDir = await mkdtemp(path.join(tmpdir(), 'yingku-bench-web-'));
  const port = await freePort();
  console.log(`Starting the server on the demo catalogue (PGlite in ${dataDir})…`);
  const server = await startProcess(
    path.join(here, '..', '..', 'src', 'main.ts'),
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
      // No transcoding beside the pages measured: it takes the CPU Lighthouse slows down by 4×.
      DEMO_VIDEOS: 'false',
      WEB_DIST: webDist,
    },
    /is running at/,
  );
  const base = `http://127.0.0.1:${port}`;
  const pages: { path: string; figures: PageFigures[]; lhrs: unknown[] }[] = [];
  let screens: ScreenJs[] | undefined;
  try {
    screens = await firstScreensJs(base, webDist);
    if (screens) printScreens(screens);
    const detail = screens?.find((screen) => screen.name === 'work detail')?.path;
    const paths = args.path ?? ['/index', ...(detail ? [detail] : [])];
    if (!args['js-only']) {
      const chromium = await launchChromium();
      try {
        for (const pagePath of paths) {
          const url = `${base}${pagePath}`;
          console.log(
            `\nLighthouse on ${url}: mobile, simulated slow 4G and 4× CPU slowdown, ${runs} run(s)`,
          );
          // A first visit warms the server (catalogue cache, covers), as a live site would be.
          await fetch(url);
          const page = { path: pagePath, figures: [] as PageFigures[], lhrs: [] as unknown[] };
          for (let i = 0; i < runs; i++) {
            const result = await runLighthouse(url, chromium.port);
            page.figures.push(result.figures);
            page.lhrs.push(result.lhr);
            process.stdout.write('.');
          }
          pages.push(page);
          printFigures(page.figures);
        }
      } finally {
        await chromium.close();
      }
    }
  } finally {
    await stopProcess(server);
    await rm(dataDir, { recursive: true, force: true });
  }

  if (pages.length > 1) {
    console.log(`\n${'medians'.padEnd(34)} perf    LCP      TBT     CLS    SEO`);
    for (const page of pages) {
      const m = (pick: (f: PageFigures) => number) => median(page.figures.map(pick));
      console.log(
        `${page.path.padEnd(34)} ${String(Math.round(m((f) => f.score))).padStart(4)} ${(m((f) => f.lcp) / 1000).toFixed(2).padStart(6)} s ${String(Math.round(m((f) => f.tbt))).padStart(5)} ms ${m((f) => f.cls).toFixed(3)} ${String(Math.round(m((f) => f.seo))).padStart(4)}`,
      );
    }
  }

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = path.join(resultsDir, stamp);
  await mkdir(dir, { recursive: true });
  const summary = {
    webDist,
    firstScreens: screens,
    pages: pages.map((page) => ({ url: page.path, runs: page.figures })),
  };
  await writeFile(path.join(dir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  await Promise.all(
    pages.flatMap((page, p) =>
      page.lhrs.map((lhr, i) => writeFile(path.join(dir, `lhr-${p + 1}-${i + 1}.json`), JSON.stringify(lhr))),
    ),
  );
  console.log(
    `\nResults: ${path.relative(process.cwd(), dir)}/ (summary.json, lhr-P-N.json: open in Lighthouse's viewer)`,
  );
}

await main();
