import {
  ALL_TIME,
  API,
  fillPath,
  magnetLink,
  type MagnetRow,
  MSG,
  type WorkDetailResponse,
  type WorkListItem,
} from '@yingku/contract';
import { sql } from 'kysely';
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECT_TEXT } from '../packages/web/src/features/collect/texts';
import { FOLDER_TEXT } from '../packages/web/src/features/collect/folder-texts';
import { MAGNET_TEXT } from '../packages/web/src/features/magnets/texts';
import { DETAIL_TEXT } from '../packages/web/src/features/work-detail/texts';
import { COPY_COUNT_COOKIE } from '../packages/web/src/session/copy-quota';
import { apiOk, bearer, registerMember, type TestMember } from './support/accounts';
import { networkQuiet, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { overflowsHorizontally } from './support/page-checks';
import { animationsDone } from './support/animations';

const journey = useJourney();
/** A censored demo work with at least two magnets. */
let work: WorkDetailResponse;
let magnets: MagnetRow[];

beforeAll(async () => {
  const list = await journey.server.apiGet<{ rows: WorkListItem[] }>(API.worksList, {
    modName: 'censored',
    pageNum: 1,
    pageSize: 100,
    date: ALL_TIME,
  });
  for (const row of list.rows) {
    const found = await magnetsOf(row.number);
    if (found.length >= 2) {
      work = await journey.server.apiGet<WorkDetailResponse>(fillPath(API.workDetail, { id: row.id }));
      magnets = found;
      return;
    }
  }
  throw new Error('no censored demo work with two magnets');
});

const { url } = journey;
const detailUrl = () => url(`/censored/${work.data.id}`);

async function magnetsOf(number: string): Promise<MagnetRow[]> {
  return (await journey.server.apiGet<{ rows: MagnetRow[] }>(API.magnets, { keyword: number, pageSize: 48 }))
    .rows;
}

/** A phone page holding the user's login as the login screen leaves it: token cookie, refresh token. */
async function openAs(user: TestMember | null): Promise<Page> {
  const { page, context } = await journey.open({ member: user ?? undefined });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.server.baseUrl });
  await context.addInitScript(recordClipboardWrites);
  await page.goto(detailUrl());
  await page.getByRole('heading', { name: work.data.number }).waitFor();
  // A member's detail, session and the controls' code arrive after the first render; a tap in
  // between once went unanswered (no like call sent). Act once the page has settled.
  await networkQuiet(page);
  return page;
}

/** A clipboard write as the page began it: which method, and whether inside a tap's own task. */
interface ClipboardWrite {
  method: 'write' | 'writeText';
  inTap: boolean;
}

/**
 * Runs in the page before its scripts: records each clipboard write and whether it began in the
 * task of a click (iOS Safari drops a write begun later, after an await; Chromium does not, so
 * the journey checks when the write starts).
 */
function recordClipboardWrites() {
  const writes: ClipboardWrite[] = [];
  (window as unknown as { clipboardWrites: ClipboardWrite[] }).clipboardWrites = writes;
  let inTap = false;
  window.addEventListener(
    'click',
    () => {
      inTap = true;
      // Not a wait: a zero-delay timer is the next task, so it marks where the click's task ends.
      setTimeout(() => (inTap = false));
    },
    true,
  );
  const clipboard = navigator.clipboard;
  const write = clipboard.write.bind(clipboard);
  const writeText = clipboard.writeText.bind(clipboard);
  clipboard.write = (data) => {
    writes.push({ method: 'write', inTap });
    return write(data);
  };
  clipboard.writeText = (text) => {
    writes.push({ method: 'writeText', inTap });
    return writeText(text);
  };
}

/** The clipboard writes the page began since the last call, emptying the record. */
const takeClipboardWrites = (page: Page) =>
  page.evaluate(() => {
    const writes = (window as unknown as { clipboardWrites: ClipboardWrite[] }).clipboardWrites;
    return writes.splice(0);
  });

/**
 * Holds the page's copy calls, as a server that answers late, in a task of its own. The function
 * it resolves to waits for `count` held calls and as many clipboard writes begun, then lets the
 * calls through one at a time, each answered before the next: a page that began its write only
 * with the answer never gets one, and the journey fails.
 */
async function holdCopyCalls(page: Page): Promise<(count: number) => Promise<void>> {
  const held: Route[] = [];
  await page.route(
    (u) => u.pathname.endsWith(API.copy),
    (route) => void held.push(route),
  );
  const writesBegun = () =>
    page.evaluate(() => (window as unknown as { clipboardWrites: ClipboardWrite[] }).clipboardWrites.length);
  return async (count) => {
    await expect.poll(() => held.length).toBe(count);
    await expect
      .poll(writesBegun, { message: 'clipboard writes begun before the server answered' })
      .toBeGreaterThanOrEqual(count);
    for (const route of held.splice(0)) {
      const answered = page.waitForResponse((response) => response.request() === route.request());
      await route.continue();
      await answered;
    }
  };
}

const likeButton = (page: Page) => page.getByTestId('like-button');
const collectButton = (page: Page) => page.getByTestId('collect-button');
const popup = (page: Page) => page.locator('.adm-popup-body:visible');
const option = (page: Page, name: string) => page.getByTestId('folder-option').filter({ hasText: name });
const selected = (page: Page) => page.locator('[data-testid="folder-option"][data-selected="true"]');

async function expectPressed(page: Page, button: 'like' | 'collect', pressed: boolean) {
  const locator = button === 'like' ? likeButton(page) : collectButton(page);
  const text = {
    like: [DETAIL_TEXT.like, DETAIL_TEXT.liked],
    collect: [DETAIL_TEXT.collect, DETAIL_TEXT.collected],
  };
  await expect.poll(() => locator.getAttribute('aria-pressed')).toBe(String(pressed));
  expect((await locator.textContent())?.trim()).toBe(text[button][pressed ? 1 : 0]);
}

describe('like (docs/product.md §4)', () => {
  it('flips at once, is kept by the server across a reload, and unlikes', async () => {
    const page = await openAs(await registerMember(journey.server, 'reader'));
    await expectPressed(page, 'like', false);
    const sent = page.waitForRequest((r) => r.url().endsWith(API.like) && r.method() === 'POST');
    let answered = page.waitForResponse((r) => r.url().endsWith(API.like));
    await likeButton(page).tap();
    await expectPressed(page, 'like', true);
    expect((await sent).postDataJSON()).toMatchObject({ dataId: work.data.id, status: 0 });
    await answered;
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'library-detail-controls');

    await page.reload();
    await expectPressed(page, 'like', true);
    answered = page.waitForResponse((r) => r.url().endsWith(API.like));
    await likeButton(page).tap();
    await expectPressed(page, 'like', false);
    await answered;
    await page.reload();
    await expectPressed(page, 'like', false);
  });

  it('asks a visitor to log in and puts the flag back', async () => {
    const page = await openAs(null);
    await likeButton(page).tap();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(MSG.loginDialogText).waitFor();
    await expectPressed(page, 'like', false);
    await dialog.getByRole('button', { name: MSG.loginDialogConfirm }).tap();
    await page.waitForURL(url('/login'));
    journey.dropProblems(); // the browser logged the 403 we asked for.
  });
});

describe('collect (docs/product.md §4)', () => {
  it('adds to the default folder, moves into a new folder through the picker, and uncollects', async () => {
    const user = await registerMember(journey.server, 'reader');
    const page = await openAs(user);
    await expectPressed(page, 'collect', false);
    await collectButton(page).tap();
    const notice = page.getByRole('status').filter({ hasText: COLLECT_TEXT.addedToDefault });
    await notice.waitFor();
    await expectPressed(page, 'collect', true);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'library-collect-notice');

    // 更改 opens the picker with the default folder ticked.
    await notice.getByRole('button', { name: COLLECT_TEXT.change }).tap();
    await popup(page).getByText(FOLDER_TEXT.pickerTitle).waitFor();
    await expect.poll(() => selected(page).count()).toBe(1);
    await expect.poll(() => notice.count()).toBe(0);
    await animationsDone(page);
    await screenshot(page, 'library-picker');

    // A new folder: the name is required; created, it joins the selection and the picker returns.
    await popup(page).getByRole('button', { name: FOLDER_TEXT.newFolder }).tap();
    const form = popup(page).filter({ hasText: FOLDER_TEXT.newFolderTitle });
    await form.getByRole('button', { name: FOLDER_TEXT.create }).tap();
    await form.getByText(MSG.folderNameRequired).waitFor();
    await animationsDone(page);
    await screenshot(page, 'library-new-folder-required');
    await form.getByPlaceholder(FOLDER_TEXT.folderNamePlaceholder).fill('  周末待看  ');
    await form.getByPlaceholder(FOLDER_TEXT.descriptionPlaceholder).fill('周末一起看的片子');
    await form.getByRole('switch').tap();
    await animationsDone(page);
    await screenshot(page, 'library-new-folder');
    await form.getByRole('button', { name: FOLDER_TEXT.create }).tap();
    await popup(page).getByText(FOLDER_TEXT.pickerTitle).waitFor();
    await expect.poll(() => selected(page).count()).toBe(2);
    expect(await option(page, '周末待看').getAttribute('data-selected')).toBe('true');
    await expect.poll(() => popup(page).count()).toBe(1);
    await animationsDone(page);
    await screenshot(page, 'library-picker-new-folder');

    // Only the new folder: untick the default one, then 完成.
    await selected(page).filter({ hasNotText: '周末待看' }).tap();
    await popup(page).getByRole('button', { name: FOLDER_TEXT.done }).tap();
    await page.getByText(FOLDER_TEXT.saved).waitFor();
    await expect.poll(() => popup(page).count()).toBe(0);
    const held = await apiOk<{ data: string[] }>(
      journey.server,
      'GET',
      fillPath(API.workFolders, { dataId: work.data.id }),
      {},
      bearer(user.accessToken),
    );
    expect(held.data).toHaveLength(1);

    // Collected after a reload: the tap opens the picker directly.
    await page.reload();
    await expectPressed(page, 'collect', true);
    await collectButton(page).tap();
    await popup(page).getByText(FOLDER_TEXT.pickerTitle).waitFor();
    await expect.poll(() => selected(page).count()).toBe(1);
    expect(await page.getByRole('status').filter({ hasText: COLLECT_TEXT.addedToDefault }).count()).toBe(0);

    // An empty selection uncollects (status 9).
    const sent = page.waitForRequest((r) => r.url().endsWith(API.collectEdit));
    await selected(page).tap();
    await expect.poll(() => selected(page).count()).toBe(0);
    await popup(page).getByRole('button', { name: FOLDER_TEXT.done }).tap();
    expect((await sent).postDataJSON()).toMatchObject({ dataId: work.data.id, cateIds: [], status: 9 });
    await page.getByText(FOLDER_TEXT.uncollected).waitFor();
    await expectPressed(page, 'collect', false);
    await page.reload();
    await expectPressed(page, 'collect', false);
  });

  it('refuses a sixth folder for one work', async () => {
    const user = await registerMember(journey.server, 'reader');
    for (let i = 1; i <= 5; i++) {
      await apiOk(
        journey.server,
        'POST',
        API.createFolder,
        { cateName: `片单${i}` },
        bearer(user.accessToken),
      );
    }
    const page = await openAs(user);
    await collectButton(page).tap();
    await page.getByRole('status').getByRole('button', { name: COLLECT_TEXT.change }).tap();
    await expect.poll(() => selected(page).count()).toBe(1);
    for (let i = 1; i <= 4; i++) await option(page, `片单${i}`).tap();
    await expect.poll(() => selected(page).count()).toBe(5);
    await option(page, '片单5').tap();
    const message = page.getByText(COLLECT_TEXT.tooManyFolders);
    await message.waitFor();
    // Above the picker's sheet (it sat under it: antd-mobile's toast at z-index 1000, the sheet at
    // 1010): the message is the topmost element at its centre, and stacks above the sheet.
    const box = (await message.boundingBox())!;
    const topmost = await message.evaluate(
      (node, [x, y]) => node.contains(document.elementFromPoint(x!, y!)),
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(topmost).toBe(true);
    const zIndex = (element: Element) => Number(getComputedStyle(element).zIndex);
    const toastLayer = await page.locator('.adm-toast-mask').evaluate(zIndex);
    const sheetLayer = await popup(page).evaluate(zIndex);
    expect(toastLayer).toBeGreaterThan(sheetLayer);
    await screenshot(page, 'library-too-many-folders');
    expect(await selected(page).count()).toBe(5);
    expect(await option(page, '片单5').getAttribute('data-selected')).toBe('false');
    expect(await page.getByTestId('folder-count').textContent()).toBe(FOLDER_TEXT.selectedCount(5));
  });
});

describe('copy quota of a logged-in user (docs/product.md §6)', () => {
  const copiesToday = async (userId: string) => {
    const { rows } = await sql<{ copies: number }>`
      SELECT copies FROM copy_counts
      WHERE user_id = ${userId} AND day = (now() AT TIME ZONE 'Asia/Shanghai')::date`.execute(
      journey.server.database.db,
    );
    return rows[0]?.copies ?? 0;
  };

  it('is counted by the server, ignores the visitor cookie, offers VIP past 100; a VIP copies on', async () => {
    const user = await registerMember(journey.server, 'reader');
    const page = await openAs(user);
    // A visitor's cookie past 3 does not stop a logged-in user.
    await page.context().addCookies([{ name: COPY_COUNT_COOKIE, value: '5', url: journey.server.baseUrl }]);
    // The server answers late, in a task of its own, as on a phone network.
    const answerCopies = await holdCopyCalls(page);
    await page.getByRole('tab', { name: DETAIL_TEXT.tabMagnets }).tap();
    const copy = (i: number) =>
      page.getByTestId('magnet-row').nth(i).getByRole('button', { name: MAGNET_TEXT.copyMagnet }).tap();
    // Two different magnets within a second are two copies, not a duplicate write.
    await copy(0);
    await copy(1);
    await answerCopies(2);
    await expect.poll(() => copiesToday(user.userId)).toBe(2);
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(magnetLink(magnets[1]!.infoHash));
    // Each write began inside its tap (a ClipboardItem whose text came with the server's yes).
    expect(await takeClipboardWrites(page)).toEqual([
      { method: 'write', inTap: true },
      { method: 'write', inTap: true },
    ]);

    await sql`UPDATE copy_counts SET copies = 100 WHERE user_id = ${user.userId}`.execute(
      journey.server.database.db,
    );
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    // The same copy again within a second would be refused as a duplicate write (docs/product.md §5): a page
    // loaded anew has sent nothing yet.
    await page.reload();
    await page.getByRole('tab', { name: DETAIL_TEXT.tabMagnets }).tap();
    await page.getByTestId('magnet-row').nth(1).waitFor();
    await takeClipboardWrites(page);
    const answered = page.waitForResponse((r) => r.url().endsWith(API.copy));
    await copy(1);
    await answerCopies(1);
    const dialog = page.getByRole('dialog');
    await dialog.getByText(MSG.memberCopyCap).waitFor();
    await answered;
    // The write began within the tap, but the server's no left the clipboard as it was.
    expect(await takeClipboardWrites(page)).toEqual([{ method: 'write', inTap: true }]);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('before');
    expect(await copiesToday(user.userId)).toBe(100);
    await animationsDone(page);
    await screenshot(page, 'library-copy-cap');
    await dialog.getByRole('button', { name: MAGNET_TEXT.upgrade }).tap();
    await page.waitForURL(url('/pay'));

    // A VIP has no cap: the same copy goes through.
    await sql`UPDATE users SET level_id = 2, vip_until = now() + interval '30 days' WHERE id = ${user.userId}`.execute(
      journey.server.database.db,
    );
    await page.goBack();
    // The same copy within a second of the refused one would be a duplicate write (docs/product.md §5), and
    // the tap to /pay and back can take less: the page is loaded anew, as above.
    await page.reload();
    await page.getByRole('tab', { name: DETAIL_TEXT.tabMagnets }).tap();
    await page.getByTestId('magnet-row').nth(1).waitFor();
    await copy(1);
    await answerCopies(1);
    await page.getByText(MSG.copySuccess).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(magnetLink(magnets[1]!.infoHash));
  });
});
