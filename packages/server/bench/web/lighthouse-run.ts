import lighthouse from 'lighthouse';

/** What one Lighthouse run says about a page (times in ms, CLS unitless, score 0–100). */
export interface PageFigures {
  score: number;
  /** Lighthouse's SEO score (0–100): a meta description, crawlable links, a title… */
  seo: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  /** The element Lighthouse took for the largest contentful paint. */
  lcpElement: string | undefined;
  /** Audits that cost time or bytes, worst first: `title (savings)`. */
  flagged: string[];
  /**
   * Lighthouse's measure of this machine's CPU. Its 4× slowdown assumes a fast desktop; on a
   * slower or busy machine the same page scores worse (blocking time above all).
   */
  benchmarkIndex: number;
}

export interface LighthouseResult {
  figures: PageFigures;
  /** The full Lighthouse result (LHR), kept with the run's JSON. */
  lhr: unknown;
}

type Audit = {
  title: string;
  score: number | null;
  numericValue?: number;
  displayValue?: string;
  details?: {
    type?: string;
    overallSavingsMs?: number;
    items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }>;
  };
};

/**
 * One Lighthouse run of `url`, performance and SEO, with Lighthouse's defaults: a mid-range phone
 * (Moto G Power viewport, 4× CPU slowdown) on simulated slow 4G (150 ms RTT, 1.6 Mbps). It
 * clears the origin's storage, caches and service worker first: every run is a first visit.
 */
export async function runLighthouse(url: string, port: number): Promise<LighthouseResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audits = lhr.audits as Record<string, Audit>;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    figures: {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
      lcp: value('largest-contentful-paint'),
      fcp: value('first-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      speedIndex: value('speed-index'),
      lcpElement: audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
      flagged: flaggedAudits(audits),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    },
    lhr,
  };
}

/** Opportunities and diagnostics that did not pass, those with time to save first. */
function flaggedAudits(audits: Record<string, Audit>): string[] {
  return Object.values(audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.details?.type !== undefined)
    .sort((a, b) => (b.details?.overallSavingsMs ?? 0) - (a.details?.overallSavingsMs ?? 0))
    .map((audit) => (audit.displayValue ? `${audit.title} (${audit.displayValue})` : audit.title));
}
