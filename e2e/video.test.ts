import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALL_TIME, API, type WorkListItem } from '@yingku/contract';
import { testConfig } from '@yingku/server/src/config';
import { run } from '@yingku/server/src/features/video/ffmpeg-tools';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '../packages/web/src/features/admin/texts';
import { PLAYER_TEXT } from '../packages/web/src/features/work-detail/player-texts';
import { DETAIL_TEXT } from '../packages/web/src/features/work-detail/texts';
import { registerMember, type TestMember } from './support/accounts';
import { DESKTOP, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { registerStaff, sectionLink } from './support/console';
import { overflowsHorizontally } from './support/page-checks';
import { animationsDone } from './support/animations';
import { playSwitchAndSeek } from './support/streams';

let mediaDir: string | undefined;
let clip: string;
let work: WorkListItem;

const journey = useJourney({
  // The server stores uploads and transcodes them in a folder of this suite's own.
  config: async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'yingku-e2e-media-'));
    return { media: { ...testConfig().media, dir: mediaDir, inProcessWorker: true } };
  },
  // Once the server, and with it the transcoding worker, has stopped writing there.
  afterClose: async () => {
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  },
});
const { url } = journey;

beforeAll(async () => {
  // A 30 s 720p source: ffmpeg's test pattern and a tone (synthetic, nothing else).
  clip = path.join(mediaDir!, 'e2e-source.mp4');
  const tools = journey.server.app.videoRuntime.tools!;
  const made = await run(tools.ffmpeg, [
    ...[
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1280x720:rate=25',
    ],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '30', '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', clip],
  ]);
  expect(made.code, made.stderr).toBe(0);
  const works = await journey.server.apiGet<{ rows: WorkListItem[] }>(API.worksList, {
    modName: 'censored',
    pageNum: 1,
    pageSize: 50,
    date: ALL_TIME,
  });
  work = works.rows.find((row) => row.isOnline === 0)!;
});

async function vip(prefix: string): Promise<TestMember> {
  const member = await registerMember(journey.server, prefix);
  await sql`UPDATE users SET level_id = 2, vip_until = now() + interval '30 days' WHERE id = ${member.userId}`.execute(
    journey.server.database.db,
  );
  return member;
}

const currentTime = (page: Page) =>
  page.getByTestId('stream-video').evaluate((el: HTMLVideoElement) => el.currentTime);

describe('a title goes online', () => {
  // A bound, not a wait: the transcode of the 30 s clip may take its poll's two minutes on a
  // machine busy with a second suite, which the file's 60 s would cut short.
  it(
    'staff upload a clip: 转码中 with progress per rung, then online by itself',
    { timeout: 180_000 },
    async () => {
      const staff = await registerStaff(journey.server, 'uploader');
      const page = await journey.page({ member: staff, device: DESKTOP });
      await page.goto(url('/admin'));
      await sectionLink(page, ADMIN_TEXT.catalogue).click();
      const works = page.getByTestId('works');
      await works.getByRole('searchbox').fill(work.number);
      await works.getByRole('button', { name: ADMIN_TEXT.search }).click();
      const row = page.getByTestId('works-table').locator(`tr[data-work="${work.id}"]`);
      await row.getByRole('button', { name: ADMIN_TEXT.videos }).click();
      const dialog = page.getByRole('dialog', { name: ADMIN_TEXT.videosOf(work.number) });
      await dialog.getByLabel('选择视频文件').setInputFiles(clip);
      await dialog.getByRole('button', { name: ADMIN_TEXT.upload }).click();

      // Transcoding: the card shows each rung's progress; the screenshot catches it under way.
      const card = dialog.locator('[data-media]').first();
      await expect
        .poll(() => card.getAttribute('data-status'), { timeout: 30_000 })
        .toMatch(/queued|running|ready/);
      await dialog.getByRole('progressbar', { name: '720p' }).waitFor();
      await animationsDone(page);
      await screenshot(page, 'video-console-transcoding');
      await expect.poll(() => card.getAttribute('data-status'), { timeout: 120_000 }).toBe('ready');
      expect(await card.getAttribute('data-playing')).toBe('true');
      // Its frames can become the work's stills.
      await card.getByTestId('media-stills').getByRole('button', { name: ADMIN_TEXT.useStills }).click();
      await page.locator('.adm-toast-main').getByText(ADMIN_TEXT.stillsSet).waitFor();
      expect(await overflowsHorizontally(page)).toBe(false);
      await screenshot(page, 'video-console-ready');
    },
  );

  it('a member sees the preview only; a VIP plays it, switches quality, and resumes where they left', async () => {
    // The previous journey left the work online with its preview.
    const member = await registerMember(journey.server, 'previewer');
    const phone = await journey.page({ member });
    await phone.goto(url(`/censored/${work.id}`));
    await phone.getByRole('button', { name: DETAIL_TEXT.preview }).tap();
    const preview = phone.locator('video[src$="/preview.mp4"]');
    await preview.evaluate((el: HTMLVideoElement) => el.play());
    await expect.poll(() => preview.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeGreaterThan(0.5);
    await screenshot(phone, 'video-member-preview');

    const page = await journey.page({ member: await vip('viewer') });
    await page.goto(url(`/censored/${work.id}`));
    await page.getByRole('button', { name: DETAIL_TEXT.play }).tap();
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
    const quality = page.getByRole('group', { name: PLAYER_TEXT.quality });
    await quality.getByRole('button', { name: '480P' }).tap();
    await expect.poll(() => quality.getAttribute('data-playing'), { timeout: 15_000 }).toBe('480p');
    await quality.getByRole('button', { name: '自动' }).tap();
    await expect.poll(() => quality.getAttribute('data-choice')).toBe('auto');
    await screenshot(page, 'video-vip-player');

    // Leave at 12 s: the position is kept on the server and the next play starts there.
    await page.getByTestId('stream-video').evaluate((el: HTMLVideoElement) => {
      el.currentTime = 12;
    });
    await expect.poll(() => currentTime(page)).toBeGreaterThan(12.5);
    const saved = page.waitForRequest((r) => r.url().endsWith(API.playPosition) && r.method() === 'POST');
    await page.locator('.adm-popup-close-icon').first().tap();
    await saved;
    await page.reload();
    await page.getByRole('button', { name: DETAIL_TEXT.play }).tap();
    await page
      .getByRole('status')
      .getByText(/已从上次观看位置 0:1\d 继续/)
      .waitFor();
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(12);
    await screenshot(page, 'video-vip-resumed');
  });

  it('a VIP plays it from local storage, switches quality and seeks, all from the site', async () => {
    const page = await journey.page({ member: await vip('localviewer') });
    const fetched = await playSwitchAndSeek(page, url(`/censored/${work.id}`));
    expect(fetched.filter((f) => f.path.endsWith('.ts')).length).toBeGreaterThan(2);
    expect(fetched.every((f) => f.origin === journey.server.baseUrl && f.path.startsWith('/img/hls/'))).toBe(
      true,
    );
    expect(fetched.every((f) => f.status === 200)).toBe(true);
  });
});
