/* global document, window, requestAnimationFrame, MutationObserver, Element */
/**
 * 影库's start script (decision 034), a classic `defer` script the build puts into index.html:
 * it loads the app once the page has painted what it came with (a prerendered first screen, or
 * the boot splash). The files are the page's start list, `#app-start` (APP_START_ELEMENT_ID in
 * the contract): the entry module and the modules it imports, all fetched at once.
 *
 * It waits for the load event (the page's stylesheets and first covers are in) and a frame, so
 * the first screen's markup and its largest picture are painted before the app's code competes
 * with them for a slow link and a slow phone's main thread. A load event that never comes (a
 * picture that hangs) holds the app back at most MAX_WAIT_MS.
 *
 * Until the app has taken a prerendered screen over (decision 033: `#root` loses its
 * `data-prerendered` flag), a link is an ordinary page load but a button does nothing. The last
 * button tapped meanwhile is kept and tapped again once the app has hydrated: hydration keeps
 * the page's nodes, so it is the same element; one the app rendered anew is gone, and dropped.
 */
(() => {
  // 隐私模式 (discreet.ts in the contract): the server marks the page it sends; a page the service
  // worker kept for offline use was not, so the cookie decides here, as discreetFromCookies does.
  // The build writes the contract's cookie and attribute names over the two placeholders.
  if (document.cookie.split(';').some((part) => part.trim() === 'DISCREET_COOKIE=1'))
    document.documentElement.setAttribute('DISCREET_ATTRIBUTE', '');
  const MAX_WAIT_MS = 3000;
  const PRERENDERED = 'data-prerendered';
  const list = JSON.parse(document.getElementById('app-start').textContent);
  let started = false;
  const add = (element) => document.head.append(element);
  const start = () => {
    if (started) return;
    started = true;
    for (const href of list.modules) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      add(link);
    }
    const entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = list.entry;
    add(entry);
  };
  // The callback of a frame runs before that frame is painted; a task queued from it runs after.
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
  setTimeout(start, MAX_WAIT_MS);

  const root = document.getElementById('root');
  if (!root || !root.hasAttribute(PRERENDERED)) return;
  let tapped;
  const keepTap = (event) => {
    const target = event.target instanceof Element ? event.target : undefined;
    const control = target?.closest('button[type="button"], [role="tab"], [role="switch"]');
    if (control && root.hasAttribute(PRERENDERED)) tapped = control;
  };
  root.addEventListener('click', keepTap, true);
  new MutationObserver((_changes, observer) => {
    if (root.hasAttribute(PRERENDERED)) return;
    observer.disconnect();
    root.removeEventListener('click', keepTap, true);
    if (tapped?.isConnected) tapped.click();
  }).observe(root, { attributes: true, attributeFilter: [PRERENDERED] });
})();
