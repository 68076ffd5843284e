import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenData } from '@yingku/contract';

let data: FirstScreenData | undefined;
let read = false;

/**
 * The first screen's data the server put into the page (decision 029): /index's lists or a work's
 * detail, read once from its JSON block (then removed, so the app's later screens never see
 * stale data as new). Nothing when the page came without it (the service worker's cached shell,
 * `npm run dev`, another route) or it does not parse: the screens then ask the API as usual.
 */
export function firstScreenData(): FirstScreenData {
  // On the server (the prerender, decision 033) there is no page: its data is seeded directly.
  if (!read && typeof document !== 'undefined') {
    read = true;
    const element = document.getElementById(FIRST_SCREEN_ELEMENT_ID);
    try {
      data = element?.textContent ? (JSON.parse(element.textContent) as FirstScreenData) : undefined;
    } catch {
      data = undefined;
    }
    element?.remove();
  }
  return data ?? {};
}

/**
 * The detail of work `id` the page came with, once: a later visit to the same work asks the API
 * (the page's copy is the anonymous answer of when the page loaded).
 */
export function takeFirstScreenDetail(id: string) {
  const screen = firstScreenData();
  const detail = screen.detail;
  if (!detail || detail.id !== id) return undefined;
  delete screen.detail;
  return detail.answer;
}
