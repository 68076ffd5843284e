import {
  ALL_TIME,
  API,
  CHANNEL_LABEL,
  fillPath,
  magnetLink,
  type MagnetRow,
  MSG,
  SERVER_MSG,
  type WorkDetailResponse,
  type WorkListItem,
} from '@yingku/contract';
import type { BrowserContextOptions, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAGNET_POPUP_TEXT } from '../packages/web/src/features/magnets/magnet-popup-texts';
import { WORK_CARD_TEXT } from '../packages/web/src/components/work-card/texts';
import { MAGNET_TEXT } from '../packages/web/src/features/magnets/texts';
import { DETAIL_TEXT } from '../packages/web/src/features/work-detail/texts';
import { PLAYER_TEXT } from '../packages/web/src/features/work-detail/player-texts';
import { STILLS_TEXT } from '../packages/web/src/features/work-detail/stills-texts';
import { COPY_COUNT_COOKIE } from '../packages/web/src/session/copy-quota';
import { HISTORY_KEY } from '../packages/web/src/session/history';
import { DESKTOP, screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { withoutPageData } from './support/first-page';
import { animationsDone } from './support/animations';

const journey = useJourney();
/** Demo works with what each journey needs, found through the API. */
let rich: WorkDetailResponse;
let richMagnets: MagnetRow[];
let fewStills: WorkDetailResponse;
let noMagnets: WorkDetailResponse;
let western: WorkDetailResponse;
let online: WorkDetailResponse;

beforeAll(async () => {
  rich = await findWork('censored', async (d) => {
    const stills = d.data.imageBig.split(',').filter(Boolean).length;
    const ok = d.data.average > 0 && stills > 2 && d.data.mp4 !== null && d.series.length > 0;
    return ok && (await magnetsOf(d.data.number)).length >= 2 && d.maker.length > 0;
  });
  richMagnets = await magnetsOf(rich.data.number);
  fewStills = await findWork('censored', (d) => d.data.imageBig.split(',').filter(Boolean).length <= 2);
  noMagnets = await findWork('uncensored', async (d) => (await magnetsOf(d.data.number)).length === 0);
  western = await findWork('western', (d) => d.tags.length > 0 && d.maker.length > 0);
  online = await findWork('censored', (d) => d.data.isOnline === 1);
});

/** A fresh tab (phone unless `device`) that may read and write the clipboard on the site. */
async function open(device?: BrowserContextOptions): Promise<Page> {
  const { page, context } = await journey.open({ device });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.server.baseUrl });
  return page;
}

const { url } = journey;
const detailPath = (d: WorkDetailResponse) =>
  `/${['censored', 'uncensored', 'western'][d.data.modId - 1]}/${d.data.id}`;
const tabButton = (page: Page, title: string) => page.getByRole('tab', { name: title });
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const copyCount = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === COPY_COUNT_COOKIE)?.value ?? '0';

async function magnetsOf(number: string): Promise<MagnetRow[]> {
  return (await journey.server.apiGet<{ rows: MagnetRow[] }>(API.magnets, { keyword: number, pageSize: 48 }))
    .rows;
}

/** The first work of a channel (newest first) whose detail passes `accept`. */
async function findWork(
  modName: 'censored' | 'uncensored' | 'western',
  accept: (detail: WorkDetailResponse) => boolean | Promise<boolean>,
): Promise<WorkDetailResponse> {
  for (let pageNum = 1; pageNum <= 20; pageNum++) {
    const list = await journey.server.apiGet<{ rows: WorkListItem[] }>(API.worksList, {
      modName,
      pageNum,
      pageSize: 100,
      date: ALL_TIME,
    });
    for (const work of list.rows) {
      const detail = await journey.server.apiGet<WorkDetailResponse>(
        fillPath(API.workDetail, { id: work.id }),
      );
      if (await accept(detail)) return detail;
    }
  }
  throw new Error(`no ${modName} demo work fits`);
}

/** Waits until the images on screen have loaded, so a screenshot shows them. */
async function imagesInViewLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((img) => {
        const box = img.getBoundingClientRect();
        return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
      })
      .every((img) => img.complete && img.naturalWidth > 0),
  );
  await page.evaluate(() => document.fonts.ready);
}

/** antd-mobile's popups and dialogs slide in (react-spring, about 300 ms): screenshots wait for them. */

const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('work detail (docs/product.md §2)', () => {
  it('opens from a card on /index and shows every field, and records the history', async () => {
    const page = await open();
    await page.goto(url('/index'));
    const card = page.getByRole('region', { name: CHANNEL_LABEL.censored }).locator('a[href^="/censored/"]');
    const href = (await card.first().getAttribute('href'))!;
    await card.first().tap();
    await page.waitForURL(url(href));
    const d = await journey.server.apiGet<WorkDetailResponse>(
      fillPath(API.workDetail, { id: href.split('/')[2]! }),
    );
    await page.getByRole('heading', { name: d.data.number }).waitFor();
    await expectFields(page, d);
    expect(await overflows(page)).toBe(false);

    const history = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]'), HISTORY_KEY);
    expect(history[0]).toMatchObject({ id: d.data.id, number: d.data.number, title: d.data.title });
    await page.goBack();
    await page.waitForURL(url('/index'));
  });

  it('shows rating, series, preview and play answers of a rich work', async () => {
    const page = await open();
    await page.goto(url(detailPath(rich)));
    await page.getByRole('heading', { name: rich.data.number }).waitFor();
    await expectFields(page, rich);
    await page.getByText(DETAIL_TEXT.ratingText(rich.data.average, rich.data.evaluates)).waitFor();
    await imagesInViewLoaded(page);
    await screenshot(page, 'detail');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await screenshot(page, 'detail-bottom');
    await page.evaluate(() => window.scrollTo(0, 0));

    // Copying the number does not count against the magnet quota.
    await page.getByRole('button', { name: DETAIL_TEXT.copyNumber }).tap();
    await page.getByText(MSG.copySuccess).waitFor();
    expect(await clipboard(page)).toBe(rich.data.number);
    expect(await copyCount(page)).toBe('0');

    await page.getByRole('button', { name: DETAIL_TEXT.play }).tap();
    const [answer, close] = (
      {
        0: [DETAIL_TEXT.playUnsupported, DETAIL_TEXT.gotIt],
        // An online work asks for its stream: a visitor meets the 403 login prompt (docs/product.md §8).
        1: [MSG.loginDialogText, DETAIL_TEXT.cancel],
        2: [DETAIL_TEXT.playTranscoding, DETAIL_TEXT.gotIt],
      } as const
    )[rich.data.isOnline as 0 | 1 | 2];
    await page.getByRole('dialog').getByText(answer).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: close }).tap();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // The demo's previews do not exist yet: the player says so instead of hanging.
    await page.getByRole('button', { name: DETAIL_TEXT.preview }).tap();
    await page.getByText(PLAYER_TEXT.previewFailed).waitFor();
    await animationsDone(page);
    await screenshot(page, 'detail-preview-failed');
    journey.dropProblems(); // the browser logged the preview's 404: expected here.
  });

  it('opens a maker in a new window on its list path, western works on the western paths', async () => {
    const page = await open();
    await page.goto(url(detailPath(rich)));
    const maker = page.locator('a[data-kind="maker"]').first();
    expect(await maker.getAttribute('target')).toBe('_blank');
    const [popup] = await Promise.all([page.context().waitForEvent('page'), maker.tap()]);
    await popup.waitForURL(url(`/maker/${rich.maker[0]!.id}`));
    await popup.close();
    expect(await page.locator('a[data-kind="series"]').first().getAttribute('href')).toBe(
      `/series/${rich.series[0]!.id}`,
    );

    await page.goto(url(detailPath(western)));
    await page.getByRole('heading', { name: western.data.number }).waitFor();
    expect(await page.locator('a[data-kind="tag"]').first().getAttribute('href')).toBe(
      `/tags/western/${western.tags[0]!.id}`,
    );
    expect(await page.locator('a[data-kind="maker"]').first().getAttribute('href')).toBe(
      `/maker/western/${western.maker[0]!.id}`,
    );
    expect(await page.locator('[data-kind="series"]').count()).toBe(0);
  });

  it('loads magnets on first open, copies them, and asks to log in after 3 copies', async () => {
    const page = await open();
    const asked: URL[] = [];
    // The magnets answer waits until the journey has seen 加载中.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route(
      (u) => u.pathname.endsWith(API.magnets),
      async (route) => {
        asked.push(new URL(route.request().url()));
        await answered;
        await route.continue();
      },
    );
    await page.goto(url(detailPath(rich)));
    await page.getByRole('heading', { name: rich.data.number }).waitFor();
    expect(asked).toHaveLength(0);

    await tabButton(page, DETAIL_TEXT.tabMagnets).tap();
    await page.getByText(MSG.loading).waitFor();
    answer();
    const rows = page.getByTestId('magnet-row');
    await rows.nth(richMagnets.length - 1).waitFor();
    expect(await rows.count()).toBe(richMagnets.length);
    expect(Object.fromEntries(asked[0]!.searchParams)).toMatchObject({
      keyword: rich.data.number,
      pageSize: '48',
      pageNum: '1',
      order: 'dht',
      data: '0',
      category: 'video',
      modId: '3',
      remark: 'dht',
    });
    await animationsDone(page);
    await screenshot(page, 'detail-magnets');

    const copy = (i: number) => rows.nth(i).getByRole('button', { name: MAGNET_TEXT.copyMagnet }).tap();
    for (const [n, i] of [0, 1, 0].entries()) {
      await copy(i);
      await expect.poll(() => copyCount(page)).toBe(String(n + 1));
      await page.getByText(MSG.copySuccess).waitFor();
      expect(await clipboard(page)).toBe(magnetLink(richMagnets[i]!.infoHash));
    }
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    await copy(1);
    const dialog = page.getByRole('dialog');
    await dialog.getByText(MSG.loginRequired).waitFor();
    expect(await clipboard(page)).toBe('before');
    expect(await copyCount(page)).toBe('3');
    await animationsDone(page);
    await screenshot(page, 'detail-copy-login');
    await dialog.getByRole('button', { name: MSG.loginDialogConfirm }).tap();
    await page.waitForURL(url('/login'));
  });

  it('says 暂无磁力链接 for a work without magnets', async () => {
    const page = await open();
    await page.goto(url(detailPath(noMagnets)));
    await tabButton(page, DETAIL_TEXT.tabMagnets).tap();
    await page.getByText(MSG.magnetsEmpty).waitFor();
  });

  it('shows stills in a grid and full screen from the tapped one; few stills say so', async () => {
    const page = await open();
    await page.goto(url(detailPath(rich)));
    await tabButton(page, DETAIL_TEXT.tabStills).tap();
    const count = rich.data.imageBig.split(',').length;
    const thumbs = page.getByRole('button', { name: new RegExp(`^${rich.data.number} 剧照 \\d+$`) });
    await thumbs.nth(count - 1).waitFor();
    expect(await thumbs.count()).toBe(count);
    await imagesInViewLoaded(page);
    await animationsDone(page);
    await screenshot(page, 'detail-stills');
    await thumbs.nth(1).tap();
    await page.locator('.adm-image-viewer-indicator').getByText(`2 / ${count}`).waitFor();
    await animationsDone(page);
    await screenshot(page, 'detail-stills-viewer');

    await page.goto(url(detailPath(fewStills)));
    await tabButton(page, DETAIL_TEXT.tabStills).tap();
    await page.getByText(STILLS_TEXT.noStills).waitFor();
  });

  it('rejects a short id with 出错了,请访问正确的网址！！ and goes back', async () => {
    const page = await open();
    await page.goto(url('/index'));
    // The way back (a document of its own) waits until the screenshot is taken: a page that
    // leaves while its picture is taken can leave the screenshot waiting for ever.
    const back: Route[] = [];
    let holding = true;
    await page.route(url('/index'), (route) => (holding ? back.push(route) : route.continue()));
    await page.goto(url('/censored/123'));
    await page.getByText(MSG.badDetailId).first().waitFor();
    await screenshot(page, 'detail-bad-id');
    holding = false;
    await Promise.all(back.map((route) => route.continue()));
    await page.waitForURL(url('/index'));

    // A new window with nothing to go back to goes to the home page.
    const [fresh] = await Promise.all([
      page.context().waitForEvent('page'),
      page.evaluate(() => window.open('/western/123', '_blank', 'noopener')),
    ]);
    await fresh.getByText(MSG.badDetailId).first().waitFor();
    await fresh.waitForURL(url('/index'));
    await fresh.close();
  });

  it('asks a visitor to log in when an online work is played (members: e2e/vip.test.ts)', async () => {
    const page = await open();
    await page.goto(url(detailPath(online)));
    await page.getByRole('heading', { name: online.data.number }).waitFor();
    await page.locator('main').getByText(WORK_CARD_TEXT.online, { exact: true }).waitFor();
    await page.getByRole('button', { name: DETAIL_TEXT.play }).tap();
    await page.getByRole('dialog').getByText(MSG.loginDialogText).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: MSG.loginDialogConfirm }).tap();
    await page.waitForURL(url('/login'));
    journey.dropProblems(); // the browser logged the stream call's 403: expected here.
  });

  it('shows the API message and an empty state for an unknown id', async () => {
    const page = await open();
    await page.goto(url('/censored/1234567890123456'));
    await page.locator('.adm-toast-main').getByText(SERVER_MSG.workNotFound).waitFor();
    await page.locator('[data-state="not-found"]').getByText(DETAIL_TEXT.notFoundTitle).waitFor();
    await screenshot(page, 'detail-not-found');
    journey.dropProblems(); // the browser logged the 404 we asked for.
  });
});

describe('work cards', () => {
  it('show the online badge: 在线, 转码中; and the magnet badge only with magnets', async () => {
    const page = await open();
    await page.route(
      (u) => u.pathname.endsWith(API.worksList) && u.searchParams.get('modName') === 'censored',
      async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { rows: WorkListItem[] };
        Object.assign(body.rows[0]!, { isOnline: 1 });
        Object.assign(body.rows[1]!, { isOnline: 2, isDht: 0 });
        await route.fulfill({ response, json: body });
      },
    );
    // As the cached shell sends it, so the list is asked for and can be changed (decision 029).
    await withoutPageData(page, '/index');
    await page.goto(url('/index'));
    const cards = page.getByRole('region', { name: CHANNEL_LABEL.censored }).locator('a[href^="/censored/"]');
    await cards.nth(1).getByTestId('online-badge').getByText(WORK_CARD_TEXT.transcoding).waitFor();
    expect(await cards.nth(0).getByTestId('online-badge').textContent()).toBe(WORK_CARD_TEXT.online);
    expect(await cards.nth(2).getByTestId('online-badge').count()).toBe(0);
    const magnetBadge = new RegExp(`^${WORK_CARD_TEXT.showMagnets}`);
    expect(await cards.nth(0).getByRole('button', { name: magnetBadge }).count()).toBe(1);
    expect(await cards.nth(1).getByRole('button', { name: magnetBadge }).count()).toBe(0);
    await imagesInViewLoaded(page);
    await screenshot(page, 'card-badges');
  });

  it('open a bottom popup of magnets from the has-magnet badge without leaving the list', async () => {
    const page = await open();
    await page.goto(url('/index'));
    const section = page.getByRole('region', { name: CHANNEL_LABEL.censored });
    const badge = section
      .getByRole('button', { name: new RegExp(`^${WORK_CARD_TEXT.showMagnets} `) })
      .first();
    const number = (await badge.getAttribute('aria-label'))!.slice(WORK_CARD_TEXT.showMagnets.length + 1);
    await badge.tap();
    const popup = page.locator('.adm-popup-body');
    await popup.getByText(MAGNET_POPUP_TEXT.title(number)).waitFor();
    await popup.getByTestId('magnet-row').first().waitFor();
    expect(page.url()).toBe(url('/index'));
    await animationsDone(page);
    await screenshot(page, 'card-magnet-popup');

    await popup.getByRole('button', { name: MAGNET_TEXT.copyMagnet }).first().tap();
    await page.getByText(MSG.copySuccess).waitFor();
    expect(await clipboard(page)).toBe(magnetLink((await magnetsOf(number))[0]!.infoHash));
    expect(page.url()).toBe(url('/index'));
  });
});

describe('on a desktop (1280 × 800)', () => {
  it('lays the detail out beside its cover, and the popup centred', async () => {
    const page = await open(DESKTOP);
    await page.goto(url(detailPath(rich)));
    await page.getByRole('heading', { name: rich.data.number }).waitFor();
    await imagesInViewLoaded(page);
    expect(await overflows(page)).toBe(false);
    await screenshot(page, 'detail-1280');
    await tabButton(page, DETAIL_TEXT.tabMagnets).click();
    await page.getByTestId('magnet-row').first().waitFor();
    await animationsDone(page);
    await screenshot(page, 'detail-magnets-1280');
    await tabButton(page, DETAIL_TEXT.tabStills).click();
    await imagesInViewLoaded(page);
    await animationsDone(page);
    await screenshot(page, 'detail-stills-1280');

    await page.goto(url('/index'));
    await page
      .getByRole('button', { name: new RegExp(`^${WORK_CARD_TEXT.showMagnets}`) })
      .first()
      .click();
    await page.locator('.adm-popup-body').getByTestId('magnet-row').first().waitFor();
    await animationsDone(page);
    await screenshot(page, 'card-magnet-popup-1280');
  });
});

/** Every field of docs/product.md §2's details tab, as the API gave it. */
async function expectFields(page: Page, d: WorkDetailResponse): Promise<void> {
  const main = page.locator('main');
  await main.getByText(d.data.title, { exact: true }).first().waitFor();
  await main.getByText(d.data.pubTime, { exact: true }).first().waitFor();
  await main.getByText(DETAIL_TEXT.minutes(d.data.duration), { exact: true }).waitFor();
  const linked = [...d.maker, ...d.label, ...d.tags, ...d.performer, ...(d.data.modId === 1 ? d.series : [])];
  for (const entity of linked)
    await main
      .getByText(entity.nameCn || entity.name)
      .first()
      .waitFor();
  const rating = main.getByText(DETAIL_TEXT.ratingText(d.data.average, d.data.evaluates));
  expect(await rating.count()).toBe(d.data.average > 0 ? 1 : 0);
  expect(await main.getByRole('button', { name: DETAIL_TEXT.preview }).count()).toBe(d.data.mp4 ? 1 : 0);
}
