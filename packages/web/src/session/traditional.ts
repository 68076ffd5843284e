import { PRERENDERED_ATTRIBUTE } from '@yingku/contract';
import phrases from 'virtual:traditional-phrases';
import { convertPage } from './convert-page';
import { makeToTraditional } from './traditional-converter';

let shown = false;

/**
 * 繁體中文 (decision 046): the page, interface and catalogue text alike, shown in traditional
 * characters from now on, with `lang` saying so. A prerendered screen is converted once the app
 * has hydrated it (the app root drops `data-prerendered` then), so that hydration compares the
 * markup the server sent.
 */
export function showTraditional(): void {
  if (shown) return;
  shown = true;
  const html = document.documentElement;
  html.lang = 'zh-Hant';
  const toTraditional = makeToTraditional(phrases);
  const root = document.getElementById('root');
  if (!root?.hasAttribute(PRERENDERED_ATTRIBUTE)) {
    convertPage(html, toTraditional);
    return;
  }
  new MutationObserver((_records, observer) => {
    if (root.hasAttribute(PRERENDERED_ATTRIBUTE)) return;
    observer.disconnect();
    convertPage(html, toTraditional);
  }).observe(root, { attributes: true, attributeFilter: [PRERENDERED_ATTRIBUTE] });
}
