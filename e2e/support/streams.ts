import { ALL_TIME, API, type WorkListItem } from '@yingku/contract';
import { makeClip, removeClips, testFfmpeg } from '@yingku/server/test/media-fixtures';
import { sql } from 'kysely';
import type { Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { PLAYER_TEXT } from '../../packages/web/src/features/work-detail/player-texts';
import { DETAIL_TEXT } from '../../packages/web/src/features/work-detail/texts';
import { registerMember, type TestMember } from './accounts';
import type { TestServer } from './server';

/** A VIP in force, registered through the real calls, their level written straight to the database. */
export async function registerVip(server: TestServer, prefix: string): Promise<TestMember> {
  const member = await registerMember(server, prefix);
  await sql`UPDATE users SET level_id = 2, vip_until = now() + interval '30 days' WHERE id = ${member.userId}`.execute(
    server.database.db,
  );
  return member;
}

/**
 * A censored work of the demo catalogue that had no video, now with one made by the server's
 * own queue from a generated 480p clip (ffmpeg's test pattern and a tone): 480p and 360p rungs.
 */
export async function workWithVideo(server: TestServer): Promise<WorkListItem> {
  const clip = await makeClip(testFfmpeg(), { width: 854, height: 480, seconds: 16 });
  try {
    const works = await server.apiGet<{ rows: WorkListItem[] }>(API.worksList, {
      modName: 'censored',
      pageNum: 1,
      pageSize: 50,
      date: ALL_TIME,
    });
    const work = works.rows.find((row) => row.isOnline === 0)!;
    const runtime = server.app.videoRuntime;
    const media = await runtime.service.attachFile({
      workId: work.id,
      file: clip,
      name: 'clip.mp4',
      staffId: null,
    });
    // Polled by hand: this runs in a suite's set-up, where expect.poll is not allowed.
    for (let waited = 0; ; waited += 250) {
      const status = (await runtime.service.find(media.id))?.status;
      if (status === 'ready') return { ...work, isOnline: 1 };
      if (status !== 'queued' && status !== 'running') throw new Error(`the video ended ${status}`);
      if (waited > 150_000) throw new Error('the video was not made in time');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await removeClips(clip);
  }
}

/** Runs in the page before its scripts: every security-policy violation is kept. */
export function keepPolicyViolations() {
  const seen: string[] = [];
  Object.defineProperty(window, '__policyViolations', { value: seen });
  document.addEventListener('securitypolicyviolation', (event) => {
    seen.push(`${event.violatedDirective} ${event.blockedURI}`);
  });
}

export const policyViolations = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __policyViolations: string[] }).__policyViolations);

const currentTime = (page: Page) =>
  page.getByTestId('stream-video').evaluate((el: HTMLVideoElement) => el.currentTime);

/** What the player fetched, by where from: each media answer's origin, path and cache status. */
export interface MediaFetch {
  origin: string;
  path: string;
  status: number;
  cache: string | null;
}

/**
 * A VIP's phone plays the work from its page: 在线播放, the first frames, then 360P chosen in the
 * quality menu and playing, then a seek to 10 s that plays on from there. Answers every
 * playlist and segment the page fetched. The journey's own checks add: no console error, no
 * failed request; this adds: no security-policy violation.
 */
export async function playSwitchAndSeek(page: Page, url: string): Promise<MediaFetch[]> {
  const fetched: MediaFetch[] = [];
  page.on('response', (response: Response) => {
    const { origin, pathname } = new URL(response.url());
    if (/\.(m3u8|ts)$/.test(pathname)) {
      fetched.push({
        origin,
        path: pathname,
        status: response.status(),
        cache: response.headers()['x-cache-status'] ?? null,
      });
    }
  });
  await page.addInitScript(keepPolicyViolations);
  await page.goto(url);
  await page.getByRole('button', { name: DETAIL_TEXT.play }).tap();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(0.5);

  const quality = page.getByRole('group', { name: PLAYER_TEXT.quality });
  await quality.getByRole('button', { name: '360P' }).tap();
  await expect.poll(() => quality.getAttribute('data-playing'), { timeout: 20_000 }).toBe('360p');

  await page.getByTestId('stream-video').evaluate((el: HTMLVideoElement) => {
    el.currentTime = 10;
  });
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(10.5);
  expect(await page.getByTestId('stream-video').evaluate((el: HTMLVideoElement) => el.paused)).toBe(false);
  expect(await policyViolations(page)).toEqual([]);
  return fetched;
}
