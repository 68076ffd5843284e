/**
 * Interface texts docs/product.md does not spell (site name, page titles, small labels). They move to
 * the contract's `MSG` when it takes them; until then they live here, once.
 */
export const UI_TEXT = {
  siteName: '影库',
  homeTitle: '首页',
  mine: '我的',
  /** Accessible name of the bottom tab bar. */
  tabBar: '主导航',
  more: '更多',
  notFoundTitle: '页面不存在',
  notFoundText: '您访问的页面不存在，或者还没有开放',
  backHome: '返回首页',
  /** Accessible name of the back button of a screen's top bar. */
  back: '返回',
  retry: '重新加载',
  loadMore: '加载更多',
  loadingMore: '加载中…',
  /** Accessible name of a screen that is still loading. */
  loadingPage: '页面加载中',
  /** The banner while the browser is offline. */
  offline: '网络已断开，请检查网络连接',
  /** A screen whose code did not arrive (docs/product.md has no text for it). */
  screenLoadFailed: '页面加载失败',
  screenLoadFailedOffline: '当前没有网络，联网后点击重新加载',
  screenLoadFailedHint: '网络不稳定，请稍后重新加载',
  noMore: '没有更多了',
  listFailed: '加载失败',
  empty: '暂无作品',
  onlyWithMagnets: '只看有磁力',
  magnetFilterLabel: '磁力筛选',
  showAll: '显示全部',
  /** A shared folder's page title until its name is in (docs/product.md §2). */
  sharedFolderTitle: '收藏夹',
  /** `{count}` is the number of works. */
  workCount: '{count}部',
} as const;

/** "36部": an entity's work count, as a sidebar, a list title and a search match show it. */
export function workCountText(count: number): string {
  return UI_TEXT.workCount.replace('{count}', String(count));
}
