import {
  ALL_TIME,
  API,
  API_BASE,
  fillPath,
  MSG,
  REVIEWS_API,
  type WorkDetailResponse,
  type WorkListItem,
} from '@yingku/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '../packages/web/src/features/admin/texts';
import { REVIEW_TEXT } from '../packages/web/src/features/work-detail/reviews/reviews-texts';
import { DETAIL_TEXT } from '../packages/web/src/features/work-detail/texts';
import { apiOk, bearer, registerMember, type TestMember } from './support/accounts';
import { DESKTOP, screenshot } from './support/browser';
import { registerStaff, toast } from './support/console';
import { useJourney } from './support/journey';
import { overflowsHorizontally, settled } from './support/page-checks';
import { smallTapTargets } from './support/tap-targets';

// Members rate and review (decision 044): a member rates and reviews a work and sees
// its average move; staff hide the review in the console and it leaves the detail page.

const journey = useJourney();
const { url } = journey;
let work: WorkDetailResponse;
let member: TestMember;
let staff: TestMember;
const REVIEW = '画面清楚，节奏平稳。\n第二行也照原样显示 <b>不是标签</b>';

beforeAll(async () => {
  const list = await journey.server.apiGet<{ rows: WorkListItem[] }>(API.worksList, {
    modName: 'censored',
    date: ALL_TIME,
    pageNum: 1,
    pageSize: 1,
  });
  work = await journey.server.apiGet<WorkDetailResponse>(fillPath(API.workDetail, { id: list.rows[0]!.id }));
  member = await registerMember(journey.server, 'reviewer');
  staff = await registerStaff(journey.server, 'review-staff');
});

const detailPath = () => `/censored/${work.data.id}`;
const isCall = (page: Page, path: string, method: string) =>
  page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === `${API_BASE}${path}` && response.request().method() === method,
  );

/** The detail with its 评论 tab open, once the summary has arrived. */
async function openReviews(page: Page) {
  await page.goto(url(detailPath()));
  await page.getByRole('heading', { name: work.data.number }).waitFor();
  const summary = isCall(page, fillPath(REVIEWS_API.workRatings, { id: work.data.id }), 'GET');
  await page.getByRole('tab', { name: DETAIL_TEXT.tabReviews, exact: true }).click();
  await summary;
  await page.getByTestId('rating-evaluates').waitFor();
  return page.getByTestId('reviews');
}

describe('members rate and review a work', () => {
  it('asks a visitor to log in when they try to rate', async () => {
    const { page } = await journey.open();
    const reviews = await openReviews(page);
    await reviews.getByRole('button', { name: REVIEW_TEXT.writeReview }).click();
    await page.locator('.adm-dialog').getByText(MSG.loginRequired).waitFor();
    await page.locator('.adm-dialog').getByRole('button', { name: REVIEW_TEXT.cancel }).click();
    await page.locator('.adm-dialog').waitFor({ state: 'detached' });
  });

  it('rate, review, see the average move; staff hide it and it leaves the page', async () => {
    // Another member reviewed it first: its 有用 and 举报 are there for ours to use.
    const other = await registerMember(journey.server, 'other');
    const before = await apiOk<{ data: { average: number; evaluates: number } }>(
      journey.server,
      'PUT',
      fillPath(REVIEWS_API.myRating, { id: work.data.id }),
      { stars: 5, review: '配乐合适，值得一看。' },
      bearer(other.accessToken),
    );
    const { average, evaluates } = before.data;
    const { page } = await journey.open({ member });
    const reviews = await openReviews(page);
    expect(await page.getByTestId('rating-evaluates').textContent()).toBe(
      REVIEW_TEXT.evaluatesText(evaluates),
    );

    // Four stars and a review, with its counter.
    const form = page.getByTestId('my-rating');
    await form.getByRole('button', { name: REVIEW_TEXT.starLabel(4), exact: true }).click();
    await form.getByLabel(REVIEW_TEXT.reviewLabel).fill(REVIEW);
    await form.getByText(REVIEW_TEXT.counter([...REVIEW].length)).waitFor();
    const saved = isCall(page, fillPath(REVIEWS_API.myRating, { id: work.data.id }), 'PUT');
    await form.getByRole('button', { name: REVIEW_TEXT.submit }).click();
    expect((await saved).status()).toBe(200);
    await toast(page, REVIEW_TEXT.saved).waitFor();

    const moved = (average * evaluates + 4) / (evaluates + 1);
    await reviews.getByTestId('rating-average').getByText(REVIEW_TEXT.averageText(moved)).waitFor();
    await reviews
      .getByTestId('rating-evaluates')
      .getByText(REVIEW_TEXT.evaluatesText(evaluates + 1))
      .waitFor();
    // Plain text: the markup shows as written, the line break kept.
    const item = reviews.getByTestId('review-list').getByRole('listitem').filter({ hasText: '画面清楚' });
    await item.waitFor();
    expect(await item.locator('p').innerText()).toBe(REVIEW);
    expect(await item.locator('b').count()).toBe(0);
    await form.getByRole('button', { name: REVIEW_TEXT.update }).waitFor();
    // 有用 on the other member's review, once.
    const others = reviews.getByTestId('review-list').getByRole('listitem').filter({ hasText: '配乐合适' });
    const marked = isCall(
      page,
      fillPath(REVIEWS_API.reviewHelpful, { reviewId: (await others.getAttribute('data-review'))! }),
      'POST',
    );
    await others.getByRole('button', { name: REVIEW_TEXT.helpful(0) }).click();
    expect((await marked).status()).toBe(200);
    await others.getByRole('button', { name: REVIEW_TEXT.helpful(1), pressed: true }).waitFor();
    // The details tab's rating line moved too.
    await page.getByRole('tab', { name: DETAIL_TEXT.tabDetails, exact: true }).click();
    await page.getByText(DETAIL_TEXT.ratingText(moved, evaluates + 1)).waitFor();
    await page.getByRole('tab', { name: DETAIL_TEXT.tabReviews, exact: true }).click();

    await page.locator('.adm-toast-main').waitFor({ state: 'detached' });
    await settled(page);
    // From the top: a full-page capture scrolled down draws the sticky tabs mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'reviews-detail-390', true);
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await smallTapTargets(page, '[data-testid="reviews"]')).toEqual([]);

    // Staff hide it in the console: first in the queue (the newest).
    const desk = await journey.page({ device: DESKTOP, member: staff });
    await desk.goto(url('/admin/reviews'));
    const row = desk.getByTestId('reviews-table').locator('tr', { hasText: '画面清楚' });
    await row.waitFor();
    const reviewId = await row.getAttribute('data-review');
    const hidden = isCall(desk, fillPath(REVIEWS_API.staffReviewHide, { reviewId: reviewId! }), 'POST');
    await row.getByRole('button', { name: ADMIN_TEXT.hideReview }).click();
    expect((await hidden).status()).toBe(200);
    await toast(desk, ADMIN_TEXT.reviewHiddenDone).waitFor();
    await desk
      .getByTestId('reviews-table')
      .locator(`tr[data-review="${reviewId}"][data-hidden="true"]`)
      .waitFor();
    await screenshot(desk, 'reviews-console-hidden');

    // Gone from the detail: the list is empty again, the average back, the author told why.
    const after = await openReviews(page);
    await after.getByTestId('review-list').getByText('配乐合适').waitFor();
    expect(await after.getByText('画面清楚').count()).toBe(0);
    await after.getByTestId('rating-evaluates').getByText(REVIEW_TEXT.evaluatesText(evaluates)).waitFor();
    await after.getByText(REVIEW_TEXT.hiddenByStaff).waitFor();
    const visitor = await journey.page();
    const seen = await openReviews(visitor);
    await seen.getByTestId('review-list').getByText('配乐合适').waitFor();
    expect(await seen.getByText('画面清楚').count()).toBe(0);
  });

  it('fits a 375 × 667 phone', async () => {
    const { page } = await journey.open({
      member: await registerMember(journey.server, 'small'),
      device: { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, locale: 'zh-CN' },
    });
    await openReviews(page);
    await settled(page);
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await smallTapTargets(page, '[data-testid="reviews"]')).toEqual([]);
    await screenshot(page, 'reviews-detail-375', true);
  });
});
