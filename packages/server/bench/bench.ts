// `npm run bench`: the API on the demo catalogue against a Fastify hello-world, same machine,
// same run. A benchmark, not a test: it prints figures and asserts nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API_BASE, signRequest } from '@yingku/contract';
import autocannon from 'autocannon';
import { firstPageJsGzip, firstPageTimes } from './first-page';
import { freePort, startProcess, stopProcess } from './processes';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '50' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);

const here = import.meta.dirname;
const secret = 'bench-sign-secret';
const appId = 'bench-app';

interface Scenario {
  name: string;
  path: string;
  query?: Record<string, string>;
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(port: number, scenario: Scenario, signed: boolean): Promise<Result> {
  const query = scenario.query ?? {};
  const qs = new URLSearchParams(query).toString();
  const url = `${scenario.path}${qs ? `?${qs}` : ''}`;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    requests: [
      {
        method: 'GET',
        path: url,
        setupRequest: (request) => {
          // A fresh signature and nonce per request, as a browser sends them.
          if (signed)
            request.headers = { ...request.headers, ...signRequest({ params: query, secret, appId }) };
          return request;
        },
      },
    ],
  });
  return {
    name: scenario.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function getJson(port: number, apiPath: string, query: Record<string, string>) {
  const qs = new URLSearchParams(query).toString();
  const res = await fetch(`http://127.0.0.1:${port}${API_BASE}${apiPath}?${qs}`, {
    headers: signRequest({ params: query, secret, appId }),
  });
  return (await res.json()) as Record<string, unknown>;
}

/** Real ids and words from the demo data, so every scenario asks for something that exists. */
async function scenarios(port: number): Promise<Scenario[]> {
  const latest = await getJson(port, '/v2/works/detail/list', {
    modName: 'censored',
    date: '999',
    pageSize: '50',
  });
  const rows = latest.rows as Array<{ id: string; number: string; title: string; isDht: number }>;
  const withMagnets = rows.find((r) => r.isDht === 1) ?? rows[0]!;
  const words = rows[0]!.title.replace(/\s+/g, '');
  const tags = (await getJson(port, '/v2/tag/channel', { modId: '1' })).data as Array<{
    items: Array<{ id: string }>;
  }>;
  const tagId = tags[0]!.items[0]!.id;
  const p = `${API_BASE}/v2`;
  return [
    {
      name: 'latest list (censored, 30 days, magnets only)',
      path: `${p}/works/detail/list`,
      query: { pageNum: '1', pageSize: '32', modName: 'censored', sort: 'pubTime', date: '30', isDht: '1' },
    },
    {
      name: 'filtered list (one tag, all time)',
      path: `${p}/works/detail/list`,
      query: { pageNum: '1', pageSize: '24', modName: 'censored', tagsId: tagId, date: '999', isDht: '1' },
    },
    {
      name: `search 3+ chars (${words.slice(0, 3)})`,
      path: `${p}/works/detail/list`,
      query: { pageNum: '1', pageSize: '24', keyword: words.slice(0, 3), date: '999' },
    },
    {
      name: `search 2 chars (${words.slice(0, 2)})`,
      path: `${p}/works/detail/list`,
      query: { pageNum: '1', pageSize: '24', keyword: words.slice(0, 2), date: '999' },
    },
    {
      name: `search 1 char (${words.slice(0, 1)})`,
      path: `${p}/works/detail/list`,
      query: { pageNum: '1', pageSize: '24', keyword: words.slice(0, 1), date: '999' },
    },
    {
      name: `search number (${withMagnets.number.toLowerCase().replace('-', '')})`,
      path: `${p}/works/detail/list`,
      query: {
        pageNum: '1',
        pageSize: '24',
        keyword: withMagnets.number.toLowerCase().replace('-', ''),
        date: '999',
      },
    },
    { name: 'work detail', path: `${p}/works/detail/${withMagnets.id}` },
    {
      name: 'magnets of a number',
      path: `${p}/dht/list`,
      query: { keyword: withMagnets.number, pageSize: '48', pageNum: '1', order: 'dht' },
    },
  ];
}

function printTable(results: Result[], ceiling: number) {
  const pad = (s: string, n: number) => s.padEnd(n);
  console.log(
    `\n${pad('scenario', 52)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'vs hello'.padStart(9)}`,
  );
  for (const r of results) {
    console.log(
      `${pad(r.name, 52)} ${r.rps.toFixed(0).padStart(8)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(7)} ${`${((r.rps / ceiling) * 100).toFixed(1)}%`.padStart(9)}`,
    );
  }
}

async function printFirstPage(port: number) {
  const webDist = path.join(here, '..', '..', 'web', 'dist');
  const js = await firstPageJsGzip(webDist);
  console.log(`\nFirst page: ${js.files} JS file(s), ${(js.bytes / 1024).toFixed(1)} KiB gzip.`);
  const times = await firstPageTimes(`http://127.0.0.1:${port}`);
  if (!times) {
    console.log('First page: Chromium not found (apt-get install -y chromium); time not measured.');
    return;
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `First page: /index shows its first work in ${sorted[Math.floor(sorted.length / 2)]} ms (median of ${times.length} cold loads on a 390x844 phone viewport; runs: ${times.join(', ')} ms).`,
  );
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'yingku-bench-'));
  const apiPort = await freePort();
  const helloPort = await freePort();
  console.log(`Starting the server on the demo catalogue (PGlite in ${dataDir})…`);
  const server = await startProcess(
    path.join(here, '..', 'src', 'main.ts'),
    {
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SIGN_SECRET: secret,
      APP_ID: appId,
      DEMO_DATA: 'true',
    },
    /is running at/,
  );
  const hello = await startProcess(
    path.join(here, 'hello-world.ts'),
    { PORT: String(helloPort) },
    /listening/,
  );
  try {
    console.log(
      `${connections} connections, ${duration} s per scenario; server and load generator share 2 cores.`,
    );
    const ceiling = await measure(helloPort, { name: 'Fastify hello-world (ceiling)', path: '/' }, false);
    const results = [ceiling];
    for (const scenario of await scenarios(apiPort)) {
      results.push(await measure(apiPort, scenario, true));
      process.stdout.write('.');
    }
    printTable(results, ceiling.rps);
    await printFirstPage(apiPort);
  } finally {
    await stopProcess(server);
    await stopProcess(hello);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
