import { ALL_TIME, API, FOLLOWS_API, type WorkListItem } from '@yingku/contract';
import { importCatalogue } from '@yingku/server/src/features/catalogue-import/catalogue-import.service';
import { buildWorkLine } from '@yingku/server/test/factories';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_TEXT } from '../packages/web/src/features/follows/texts';
import { apiOk, bearer, registerMember, type TestMember } from './support/accounts';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { animationsDone } from './support/animations';
import { overflowsHorizontally } from './support/page-checks';

// Follows and marks (decision 045): follow a performer and see their new works in a feed with a badge on 我的;
// mark works
// 想看 / 看过 by a long press on a card or on the detail; hide watched works from the lists.

const journey = useJourney();
const { url } = journey;
let performer: { id: string; name: string };
let works: WorkListItem[];

beforeAll(async () => {
  const performers = await journey.server.apiGet<{ rows: { id: string; name: string }[] }>(
    API.performerList,
    {
      modName: 'censored',
    },
  );
  performer = performers.rows[0]!;
  works = (
    await journey.server.apiGet<{ rows: WorkListItem[] }>(API.worksList, {
      modName: 'censored',
      pageSize: 12,
      date: ALL_TIME,
    })
  ).rows;
});

const card = (page: Page, id: string) => page.locator(`main a[href="/censored/${id}"]`).first();
const watchedIds = async (member: TestMember) =>
  (
    await apiOk<{ data: string[] }>(
      journey.server,
      'GET',
      FOLLOWS_API.watchedIds,
      {},
      bearer(member.accessToken),
    )
  ).data;

/** Holds a press on the card until the mark sheet is open, then lets go. */
async function longPress(page: Page, id: string) {
  const box = (await card(page, id).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.mouse.down();
  const sheet = page.getByRole('group', { name: FOLLOW_TEXT.markTitle });
  await sheet.getByRole('button', { name: FOLLOW_TEXT.watched, exact: true }).waitFor();
  await page.mouse.up();
  return sheet;
}

describe('follows and the feed', () => {
  it('follows a performer, shows a new work of theirs in the feed with a badge on 我的, and resets it', async () => {
    const member = await registerMember(journey.server, 'follow');
    const page = await journey.page({ member });
    await page.goto(url(`/performer/${performer.id}`));
    const follow = page.getByTestId('follow-button');
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('false');
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => follow.textContent()).toBe(FOLLOW_TEXT.following);

    // A work of theirs arrives through the import, as an operator's file brings it.
    const line = buildWorkLine({ number: 'FLW-001', title: '关注新作', performers: [performer.name] });
    const report = await importCatalogue(journey.server.database.db, [JSON.stringify(line)]);
    expect(report.inserted).toBe(1);

    await page.goto(url('/index'));
    const badge = page.getByTestId('feed-badge');
    await expect.poll(() => badge.textContent()).toBe('1');
    await animationsDone(page);
    await screenshot(page, 'follows-badge-390');
    await page.getByRole('link', { name: /我的/ }).click();
    await page.getByRole('tab', { name: FOLLOW_TEXT.tabFollow }).click();
    const feed = page.getByTestId('feed-list');
    await feed.getByText('FLW-001').waitFor();
    await badge.waitFor({ state: 'detached' });
    expect(await overflowsHorizontally(page)).toBe(false);
    await animationsDone(page);
    await screenshot(page, 'follows-feed-390');

    // An index page shows its first entity's works, and offers to follow that one.
    await page.goto(url('/performer/index'));
    const current = page.locator('[data-entity-id][aria-current="page"]');
    await current.waitFor();
    const first = await current.getAttribute('data-entity-id');
    await expect
      .poll(() => page.getByTestId('follow-button').textContent())
      .toBe(first === performer.id ? FOLLOW_TEXT.following : FOLLOW_TEXT.follow);

    await page.goto(url('/user?tab=follows'));
    await page.getByTestId('follows-section-follows').click();
    const list = page.getByTestId('follows-list');
    await list.getByRole('button', { name: FOLLOW_TEXT.unfollow }).waitFor();
    await screenshot(page, 'follows-list-390');
  });
});

describe('想看 and 看过', () => {
  it('marks by a long press on a card and on the detail, lists them, and hides watched cards', async () => {
    const member = await registerMember(journey.server, 'marks');
    const page = await journey.page({ member });
    const [pressed, detailed] = [works[1]!, works[2]!];

    await page.goto(url('/censored'));
    // The member's controls have started (they come after the app, which comes after the paint).
    const hideWatched = page.getByRole('switch', { name: FOLLOW_TEXT.hideWatchedLabel });
    await hideWatched.waitFor();
    const sheet = await longPress(page, pressed.id);
    await animationsDone(page);
    await screenshot(page, 'mark-sheet-390');
    // The press did not open the work.
    expect(new URL(page.url()).pathname).toBe('/censored');
    await sheet.getByRole('button', { name: FOLLOW_TEXT.watched, exact: true }).click();
    await expect.poll(() => watchedIds(member)).toEqual([pressed.id]);

    // A plain tap still opens the work; its detail offers 想看 / 看过.
    await card(page, detailed.id).click();
    await page.waitForURL(`**/censored/${detailed.id}`);
    const watched = page.getByTestId('mark-watched');
    await watched.click();
    await expect.poll(() => watched.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => watchedIds(member)).toEqual([detailed.id, pressed.id]);
    await page.getByTestId('follow-chip').first().waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await animationsDone(page);
    await screenshot(page, 'marks-detail-390', true);

    await page.goto(url('/user?tab=follows&sub=watched'));
    const list = page.getByTestId('watched-list');
    await list.locator(`a[href="/censored/${detailed.id}"]`).waitFor();
    await list.locator(`a[href="/censored/${pressed.id}"]`).waitFor();

    await page.goto(url('/censored'));
    await card(page, pressed.id).waitFor();
    await hideWatched.click();
    await card(page, pressed.id).waitFor({ state: 'hidden' });
    await card(page, works[0]!.id).waitFor();
    // The 看过 list itself still shows them.
    await page.goto(url('/user?tab=follows&sub=watched'));
    await page.getByTestId('watched-list').locator(`a[href="/censored/${pressed.id}"]`).waitFor();
    await page.goto(url('/censored'));
    await card(page, works[0]!.id).waitFor();

    // The smaller phone: the toolbar keeps both switches on the screen.
    await page.setViewportSize({ width: 375, height: 667 });
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'hide-watched-375');
  });
});
