import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API, type AuthTokens, streamLimitMessage, type WorkListItem } from '@yingku/contract';
import { testConfig } from '@yingku/server/src/config';
import { SLOT_SECONDS } from '@yingku/server/src/features/streams/stream-slots';
import { sql } from 'kysely';
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLAYER_TEXT } from '../packages/web/src/features/work-detail/player-texts';
import { DETAIL_TEXT } from '../packages/web/src/features/work-detail/texts';
import { apiOk, type TestMember } from './support/accounts';
import { animationsDone } from './support/animations';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { registerVip, workWithVideo } from './support/streams';

let mediaDir: string | undefined;
let work: WorkListItem;

const journey = useJourney({
  config: async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'yingku-e2e-devices-'));
    return { media: { ...testConfig().media, dir: mediaDir, inProcessWorker: true, streamsPerVip: 2 } };
  },
  afterClose: async () => {
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  },
});

beforeAll(async () => {
  work = await workWithVideo(journey.server);
}, 180_000);

/** Another login of the same member: another device. */
async function anotherLogin(member: TestMember): Promise<AuthTokens> {
  const login = await apiOk<{ data: AuthTokens }>(journey.server, 'POST', API.login, {
    userName: member.userName,
    password: member.password,
  });
  return login.data;
}

const currentTime = (page: Page) =>
  page.getByTestId('stream-video').evaluate((el: HTMLVideoElement) => el.currentTime);

async function playOn(tokens: AuthTokens): Promise<Page> {
  const page = await journey.page({ member: tokens });
  await page.goto(journey.url(`/censored/${work.id}`));
  await page.getByRole('button', { name: DETAIL_TEXT.play }).tap();
  return page;
}

describe('one VIP account on several devices (2 at once here)', () => {
  it('a third device is told the limit; once one stops, it plays', async () => {
    const member = await registerVip(journey.server, 'devices');
    const phone = await playOn(member);
    await expect.poll(() => currentTime(phone), { timeout: 20_000 }).toBeGreaterThan(0.5);
    const tablet = await playOn(await anotherLogin(member));
    await expect.poll(() => currentTime(tablet), { timeout: 20_000 }).toBeGreaterThan(0.5);

    const third = await playOn(await anotherLogin(member));
    const dialog = third.getByRole('dialog');
    await dialog.getByText(streamLimitMessage(2)).waitFor();
    await animationsDone(third);
    await screenshot(third, 'stream-devices-limit');
    await dialog.getByRole('button', { name: DETAIL_TEXT.gotIt }).tap();
    await dialog.waitFor({ state: 'detached' });

    // The phone closes its player: its place is free at once.
    const stopped = phone.waitForResponse(
      (r) => r.url().endsWith(API.playPosition) && r.request().postDataJSON()?.stopped === true,
    );
    await phone.locator('.adm-popup-close-icon').first().tap();
    expect((await stopped).status()).toBe(200);
    await third.getByRole('button', { name: DETAIL_TEXT.play }).tap();
    await expect.poll(() => currentTime(third), { timeout: 20_000 }).toBeGreaterThan(0.5);
    // The refusal the third device met is logged by the browser as a failed load: expected.
    journey.dropProblems(/status of 429/);
  });

  it('a device silent past the window finds its place taken, and says so', { timeout: 150_000 }, async () => {
    const member = await registerVip(journey.server, 'silent');
    const phone = await playOn(member);
    await expect.poll(() => currentTime(phone), { timeout: 20_000 }).toBeGreaterThan(0.5);
    const tablet = await playOn(await anotherLogin(member));
    await expect.poll(() => currentTime(tablet), { timeout: 20_000 }).toBeGreaterThan(0.5);
    // The phone goes quiet for longer than the window (its reports held on the way, as on a
    // train in a tunnel): its place (its login's, the `sid` of its access token) is aged in the
    // store, and a third device takes it. Held, no report of its own renews the place first.
    const held: Route[] = [];
    const positionCalls = `**${API.playPosition}`;
    let holding = true;
    await phone.route(positionCalls, (route) => (holding ? held.push(route) : route.continue()));
    const phoneLogin = (
      JSON.parse(Buffer.from(member.accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string }
    ).sid;
    await sql`UPDATE stream_slots SET beat_at = now() - make_interval(secs => ${SLOT_SECONDS + 1})
      WHERE user_id = ${member.userId} AND session_id = ${phoneLogin}`.execute(journey.server.database.db);
    const laptop = await playOn(await anotherLogin(member));
    await expect.poll(() => currentTime(laptop), { timeout: 20_000 }).toBeGreaterThan(0.5);
    // Out of the tunnel: what it held goes on, and it reports again (while playing, at the end).
    holding = false;
    await Promise.all(held.map((route) => route.continue()));
    // Its next position report, its sign of life, is refused: it stops.
    const notice = phone.locator('[data-state="device-limit"]');
    await notice.getByText(PLAYER_TEXT.deviceLimit).waitFor({ timeout: 30_000 });
    await notice.getByText(streamLimitMessage(2)).waitFor();
    expect(await phone.getByTestId('stream-video').isHidden()).toBe(true);
    await animationsDone(phone);
    await screenshot(phone, 'stream-devices-lost-place');
    // The tablet, which kept beating, was left alone.
    expect(await tablet.locator('[data-state="device-limit"]').count()).toBe(0);
    expect(await tablet.getByTestId('stream-video').isVisible()).toBe(true);
    journey.dropProblems(/status of 429/);
  });
});
