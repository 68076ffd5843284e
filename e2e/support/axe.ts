import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type Axe from 'axe-core';
import type { Page } from 'playwright-core';
import { pageActivity } from './browser';
import { settled } from './page-checks';

// axe-core's own browser build, injected into the page under test (decision 032).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One axe finding, as printed: rule, impact, help, and the first few offending nodes. */
export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string; summary: string }[];
}

/** The impacts that fail a screen (WCAG 2.2 AA, decision 032). */
const BLOCKING = new Set(['serious', 'critical']);

/** How many times axe runs again because the page changed while it looked. */
const RERUNS = 3;

/**
 * Runs axe-core on the page as it stands (WCAG 2.0–2.2 A and AA rules plus axe's best
 * practices) and answers the serious and critical violations. axe takes a while and the page
 * may still act meanwhile (a list's next page asked as its end comes in reach, a button fading
 * back from its loading look): when the page fetched or started a transition during the run, the
 * findings are of no one screen, so it waits for the page to settle and looks again.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  for (let run = 0; ; run++) {
    const before = await pageActivity(page);
    const findings = await axeOnce(page);
    const after = await pageActivity(page);
    if (after.events === before.events || run === RERUNS) return findings;
    await settled(page);
  }
}

async function axeOnce(page: Page): Promise<AxeFinding[]> {
  // Evaluated over the DevTools protocol: the site's CSP (script-src 'self') refuses inline script tags.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof Axe }).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({
        target: n.target.join(' '),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
      })),
    }));
  });
  return violations.filter((v) => BLOCKING.has(v.impact));
}

/** The findings as lines a person can read in the test log. */
export const describeFindings = (findings: AxeFinding[]) =>
  findings
    .map(
      (f) =>
        `${f.impact} ${f.id}: ${f.help}\n${f.nodes.map((n) => `    ${n.target} — ${n.summary}`).join('\n')}`,
    )
    .join('\n');
