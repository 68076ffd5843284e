import { API } from '@yingku/contract';
import type { Page } from 'playwright-core';

/** Scrolls the window to the bottom of the page, as a thumb would: an infinite list loads its next page. */
export const scrollToEnd = (page: Page) =>
  page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

/** Waits for the works-list request of page `pageNum`. */
export const worksPageRequest = (page: Page, pageNum: number) =>
  page.waitForRequest(
    (r) =>
      r.url().includes(API.worksList) && new URL(r.url()).searchParams.get('pageNum') === String(pageNum),
  );
