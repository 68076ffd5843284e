import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { testConfig } from '../src/config';
import { createTestApp, type TestApp } from './app';

// The Grafana dashboard and the Prometheus alert rules in ops/ (decision 082) name only series a
// real server serves: its /metrics, scraped over HTTP, with the transcode worker in process (as
// the embedded default runs it), so the worker's series are on the same page. The rules pass
// promtool's check and its unit tests where promtool is installed (Debian's `prometheus`);
// REQUIRE_PROMTOOL_TESTS=1 (.ci/run) makes a missing promtool a failure.
const OPS = path.join(import.meta.dirname, '..', '..', '..', 'ops');
const DASHBOARD = path.join(OPS, 'grafana', 'yingku.json');
const ALERTS = path.join(OPS, 'prometheus', 'alerts.yml');
const ALERT_TESTS = path.join(OPS, 'prometheus', 'alerts.test.yml');

/** Series Prometheus makes itself for every target, never on a /metrics page. */
const SCRAPE_SERIES = new Set(['up']);
/** PromQL words that look like names. */
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

const promtool = spawnSync('promtool', ['--version']).status === 0 ? 'promtool' : undefined;
const requirePromtool = process.env.REQUIRE_PROMTOOL_TESTS === '1';

interface Selector {
  name: string;
  labels: string[];
}

/**
 * The series an expression selects, and the label names its matchers use. Strings, ranges,
 * `by (…)`-like lists and function calls are not series; what is left that looks like a name is.
 */
function selectors(expr: string): Selector[] {
  const text = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '');
  const found: Selector[] = [];
  for (const match of text.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\{[^}]*\})?\s*(\()?/g)) {
    const [, name, matchers, call] = match;
    if (call || KEYWORDS.has(name!.toLowerCase())) continue;
    // A name inside a number (1e-9) is not one.
    if (/[0-9.]/.test(text[match.index - 1] ?? '')) continue;
    const labels = [...(matchers ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)/g)].map(
      (m) => m[1]!,
    );
    found.push({ name: name!, labels });
  }
  return found;
}

/** Every expression of the dashboard's panels, rows' panels included. */
function dashboardExpressions(): string[] {
  type Panel = { targets?: { expr?: string }[]; panels?: Panel[] };
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[] };
  const walk = (panels: Panel[]): string[] =>
    panels.flatMap((p) => [...(p.targets ?? []).map((t) => t.expr ?? ''), ...walk(p.panels ?? [])]);
  return walk(dashboard.panels)
    .filter(Boolean)
    .map((expr) => expr.replace(/\$__rate_interval|\$__interval|\$__range/g, '5m'));
}

function alertExpressions(): string[] {
  const rules = parse(readFileSync(ALERTS, 'utf8')) as { groups: { rules: { expr: string }[] }[] };
  return rules.groups.flatMap((g) => g.rules.map((r) => String(r.expr)));
}

/** The series names a /metrics page declares (a histogram's buckets, sum and count), with their labels. */
function exposition(text: string): Map<string, Set<string>> {
  const series = new Map<string, Set<string>>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const names =
      type === 'histogram' || type === 'summary'
        ? [`${name}_bucket`, `${name}_sum`, `${name}_count`, name!]
        : [name!];
    for (const n of names)
      series.set(n, new Set(type === 'histogram' && n.endsWith('_bucket') ? ['le'] : []));
  }
  for (const [, name, labels] of text.matchAll(/^([a-zA-Z_:][a-zA-Z0-9_:]*)\{([^}]*)\} /gm)) {
    for (const [, label] of labels!.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="/g)) series.get(name!)?.add(label!);
  }
  return series;
}

describe('the dashboard and alert rules in ops/', () => {
  let t: TestApp;
  let served: Map<string, Set<string>>;

  beforeAll(async () => {
    t = await createTestApp({ media: { ...testConfig().media, inProcessWorker: true } });
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    // A request on a route first, so the request histogram has its labelled series.
    expect((await t.get(API.worksList)).statusCode).toBe(200);
    served = exposition(await (await fetch(`${url}/metrics`)).text());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds the series in expressions as PromQL names them', () => {
    expect(
      selectors(
        'sum by (le, route) (rate(a_bucket{route!="x", status_code=~"5.."}[5m])) / clamp_min(b_total, 1e-9) and up == 0',
      ),
    ).toEqual([
      { name: 'a_bucket', labels: ['route', 'status_code'] },
      { name: 'b_total', labels: [] },
      { name: 'up', labels: [] },
    ]);
  });

  it.each([
    ['dashboard panel', dashboardExpressions],
    ['alert rule', alertExpressions],
  ])('every series a %s names is on a real server’s /metrics, with the labels it matches on', (_, read) => {
    const expressions = read();
    expect(expressions.length).toBeGreaterThan(3);
    for (const expr of expressions) {
      const used = selectors(expr);
      expect(used.length, expr).toBeGreaterThan(0);
      for (const { name, labels } of used) {
        if (SCRAPE_SERIES.has(name)) continue;
        expect(served.has(name), `${name} (in ${expr})`).toBe(true);
        for (const label of labels)
          expect([...served.get(name)!], `${name}{${label}} in ${expr}`).toContain(label);
      }
    }
  });

  it.skipIf(!promtool && !requirePromtool)('passes promtool check rules and the rules’ unit tests', () => {
    expect(
      promtool,
      'promtool is required here (REQUIRE_PROMTOOL_TESTS=1): apt-get install prometheus',
    ).toBeDefined();
    execFileSync(promtool!, ['check', 'rules', ALERTS], { stdio: 'pipe' });
    execFileSync(promtool!, ['test', 'rules', ALERT_TESTS], {
      stdio: 'pipe',
      cwd: path.dirname(ALERT_TESTS),
    });
  });
});
