import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMediaTokens } from '../streams/media-tokens';
import type { MediaSettings } from './media-settings';
import type { BucketAddress } from './media-origins';
import type { CORSRule } from '@aws-sdk/client-s3';
import type { BucketAdmin } from './video-s3-bucket';
import type { VideoStorage } from './video-storage';

/** One line of `admin media check`: what holds, what might not, what is wrong and how to mend it. */
export interface Finding {
  level: 'ok' | 'warn' | 'fail';
  text: string;
}

export interface MediaCheckDeps {
  media: Pick<MediaSettings, 's3' | 'cdn' | 'signingKeys' | 'dir'>;
  /** The site's origin (PUBLIC_URL): the pages that play the streams. */
  siteOrigin: string;
  storage: VideoStorage;
  /** With S3 storage: the bucket's own settings, and its address. */
  bucket?: { admin: BucketAdmin; address: BucketAddress };
  /** Puts the CORS rule the site needs on the bucket when it is missing. */
  fixCors?: boolean;
  fetch?: typeof fetch;
}

/**
 * A probe file is stored where a video's segment would be (`media/0/1/`: no video has work id
 * 0), fetched the ways players and the edge fetch media, then removed. It names no real video.
 */
const PROBE_DIR = 'media/0/1/';
const PROBE_FILE = 'yingku-check.ts';
const TIMEOUT_MS = 10_000;

/** Whether a CORS rule lets `siteOrigin` GET. */
const corsAllows = (rule: CORSRule, siteOrigin: string): boolean =>
  (rule.AllowedMethods ?? []).includes('GET') &&
  (rule.AllowedOrigins ?? []).some((origin) => origin === '*' || origin === siteOrigin);

/** What a fetch answered, or why there was no answer. */
interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

/**
 * Checks that media can reach the players as the settings say (docs/decisions/054), on the
 * real storage and CDN: the bucket answers, lets the site's pages read it (CORS) and refuses
 * strangers; a CDN edge serves a file under a fresh token, caches it, and refuses an altered,
 * expired or unknown-key token and an address without one.
 */
export async function checkMediaDelivery(deps: MediaCheckDeps): Promise<Finding[]> {
  const { media, storage, bucket } = deps;
  const doFetch = deps.fetch ?? fetch;
  const findings: Finding[] = [];
  const ok = (text: string) => findings.push({ level: 'ok', text });
  const warn = (text: string) => findings.push({ level: 'warn', text });
  const fail = (text: string) => findings.push({ level: 'fail', text });
  const get = async (url: string, headers: Record<string, string> = {}): Promise<Answer | string> => {
    try {
      const res = await doFetch(url, {
        headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      return { status: res.status, headers: res.headers, body: await res.text() };
    } catch (error) {
      return (error as Error).message;
    }
  };

  if (bucket) {
    const unreachable = await bucket.admin.reach();
    if (unreachable) {
      fail(`bucket ${media.s3!.bucket} at ${bucket.address.origin} does not answer: ${unreachable}`);
      return findings;
    }
    ok(`bucket ${media.s3!.bucket} answers at ${bucket.address.origin}`);
  } else {
    ok(`local storage in ${media.dir}, served by this site`);
  }

  const content = `yingku media check ${randomUUID()}\n`;
  const folder = await mkdtemp(path.join(tmpdir(), 'yingku-media-check-'));
  try {
    await writeFile(path.join(folder, PROBE_FILE), content);
    await storage.putFile(`${PROBE_DIR}${PROBE_FILE}`, path.join(folder, PROBE_FILE));
  } catch (error) {
    fail(`could not store a probe file under ${PROBE_DIR}: ${(error as Error).message}`);
    return findings;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  try {
    if (bucket && !media.cdn) await checkDirect(deps, bucket, content, get, { ok, fail });
    if (bucket) await checkClosed(deps, bucket, get, { ok, fail });
    if (media.cdn) await checkEdge(deps, content, get, { ok, warn, fail });
  } finally {
    await storage.removePrefix(PROBE_DIR).catch(() => undefined);
  }
  return findings;
}

type Get = (url: string, headers?: Record<string, string>) => Promise<Answer | string>;
type Say = Record<'ok' | 'fail', (text: string) => void> & { warn?: (text: string) => void };

const said = (answer: Answer | string) => (typeof answer === 'string' ? answer : `HTTP ${answer.status}`);

/** S3 without a CDN: a presigned read from the site's page works (CORS included). */
async function checkDirect(
  { siteOrigin, storage, fixCors }: MediaCheckDeps,
  bucket: NonNullable<MediaCheckDeps['bucket']>,
  content: string,
  get: Get,
  { ok, fail }: Say,
) {
  const rules = await bucket.admin.corsRules().catch(() => undefined);
  if (rules && !rules.some((rule) => corsAllows(rule, siteOrigin))) {
    if (fixCors) {
      await bucket.admin.allowSite(siteOrigin);
      ok(`added the CORS rule for ${siteOrigin} (GET, HEAD) to the bucket`);
    } else {
      fail(
        `the bucket's CORS rules do not let ${siteOrigin} read it: hls.js (Chrome, Firefox, Android) ` +
          `cannot load a segment. Add AllowedOrigins [${siteOrigin}], AllowedMethods [GET, HEAD], or run ` +
          '`npm run admin -- media check --fix-cors`',
      );
    }
  }
  const url = await storage.directUrl(`${PROBE_DIR}${PROBE_FILE}`, 60);
  const answer = await get(url!, { Origin: siteOrigin });
  if (typeof answer === 'string' || answer.status !== 200 || answer.body !== content) {
    fail(`a presigned read of the probe failed: ${said(answer)}`);
    return;
  }
  const allowed = answer.headers.get('access-control-allow-origin');
  if (allowed !== siteOrigin && allowed !== '*') {
    fail(
      `a presigned read from ${siteOrigin} gets no Access-Control-Allow-Origin: the player cannot read it`,
    );
    return;
  }
  ok(`a presigned read from ${siteOrigin} works, CORS included (${new URL(url!).origin})`);
}

/** The bucket refuses a read without a signature; with a CDN, it lets the edge's read through. */
async function checkClosed(
  { media }: MediaCheckDeps,
  bucket: NonNullable<MediaCheckDeps['bucket']>,
  get: Get,
  { ok, fail }: Say,
) {
  const url = `${bucket.address.origin}${bucket.address.pathPrefix}/${PROBE_DIR}${PROBE_FILE}`;
  const stranger = await get(url);
  if (typeof stranger !== 'string' && stranger.status === 200) {
    fail('the bucket serves its media to anyone without a signature: streams can be fetched without a token');
  } else {
    ok(`the bucket refuses a read without a signature (${said(stranger)})`);
  }
  const referer = media.cdn?.originSecret;
  if (!referer) return;
  const edge = await get(url, { Referer: referer });
  if (typeof edge === 'string' || edge.status !== 200) {
    fail(
      `the bucket refuses the edge's read (${said(edge)}): apply the bucket policy that ` +
        '`npm run admin -- media edge-config` prints',
    );
  } else {
    ok('the bucket lets the edge read media/* (MEDIA_CDN_ORIGIN_SECRET)');
  }
}

/** The edge serves under a fresh token, caches, and refuses what it must. */
async function checkEdge({ media, siteOrigin }: MediaCheckDeps, content: string, get: Get, say: Say) {
  const { ok, fail } = say;
  const cdn = media.cdn!;
  const tokens = createMediaTokens(media.signingKeys);
  const [, work, id] = PROBE_DIR.split('/') as [string, string, string];
  const exp = Math.floor(Date.now() / 1000) + 120;
  const url = (dir: string) => `${cdn.baseUrl}/hls${dir}${PROBE_FILE}`;
  const good = url(tokens.dir(work, id, exp));
  const first = await get(good, { Origin: siteOrigin });
  if (typeof first === 'string' || first.status !== 200 || first.body !== content) {
    fail(
      `the edge does not serve the probe under a fresh token: ${said(first)} from ${good.replace(/\/hls\/.*/, '/hls/…')}`,
    );
    return;
  }
  const allowed = first.headers.get('access-control-allow-origin');
  if (allowed !== siteOrigin && allowed !== '*')
    fail(`the edge's answer lets ${siteOrigin} read nothing (no CORS header)`);
  else ok(`the edge serves a file under a fresh token to ${siteOrigin}, CORS included`);
  const second = await get(url(tokens.dir(work, id, exp + 1)), { Origin: siteOrigin });
  const status = typeof second === 'string' ? '' : cacheStatus(second.headers);
  if (status === 'HIT') ok("a second viewer of the file is served from the edge's cache (HIT)");
  else
    say.warn?.(
      `the edge's second answer says no cache hit (${status || 'no cache header'}): segments may each cost a bucket read`,
    );

  const sig = tokens.sign(work, id, exp).sig;
  const altered = good.replace(`/${sig}/`, `/${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}/`);
  const refusals: [string, string][] = [
    ['an altered token', altered],
    ['an expired token', url(tokens.dir(work, id, Math.floor(Date.now() / 1000) - 60))],
    ['a token for another video', url(tokens.dir(work, '2', exp)).replace('/0/2/', '/0/1/')],
    ['an unknown key', good.replace(`/hls/${tokens.sign(work, id, exp).kid}/`, '/hls/unknownkey/')],
    ['no token at all', `${cdn.baseUrl}/${PROBE_DIR}${PROBE_FILE}`],
  ];
  for (const [what, address] of refusals) {
    const answer = await get(address);
    if (typeof answer !== 'string' && answer.status < 400) fail(`the edge serves ${what} (${said(answer)})`);
    else ok(`the edge refuses ${what} (${said(answer)})`);
  }
}

/** HIT or MISS from the cache headers CDNs send (nginx's X-Cache-Status, X-Cache, Cloudflare's). */
function cacheStatus(headers: Headers): string {
  const value =
    headers.get('x-cache-status') ?? headers.get('cf-cache-status') ?? headers.get('x-cache') ?? '';
  return /\bhit\b/i.test(value) ? 'HIT' : value;
}
