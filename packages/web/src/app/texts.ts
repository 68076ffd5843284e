/**
 * Interface texts SPEC.md does not spell (site name, page titles, small labels). They move to
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
  retry: '重新加载',
  loadMore: '加载更多',
  loadingMore: '加载中…',
  /** Accessible name of a screen that is still loading. */
  loadingPage: '页面加载中',
  noMore: '没有更多了',
  listFailed: '加载失败',
  empty: '暂无作品',
  onlyWithMagnets: '只看有磁力',
  magnetFilterLabel: '磁力筛选',
  showAll: '显示全部',
} as const;
