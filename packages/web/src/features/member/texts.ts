import { CLOUD_STATE_TEXT } from '../work-detail/cloud-state-text';

/** Texts of the member center (/user) that docs/product.md does not spell. */
export const MEMBER_TEXT = {
  vip: 'VIP',
  vipLabel: '开通VIP',
  orders: '订单',
  service: '客服',
  more: '更多',
  drawerTitle: '设置',
  myOrders: '我的订单',
  activateVip: '激活VIP',
  language: '语言设置',
  /** The interface's script (decision 046): each name written in its own script, as a reader looks for it. */
  languageNames: { hans: '简体中文', hant: '繁體中文' },
  /** 隐私模式 (docs/product.md §1): covers and stills blurred until tapped. */
  discreet: '隐私模式',
  /** A public folder's link (docs/product.md §2). */
  shareFolder: '分享收藏夹',
  shareFolderHint: '复制链接，拿到链接的人可以查看这个收藏夹',
  sharedFolderEmpty: '收藏夹里还没有作品',
  refreshVersion: '刷新版本',
  accountSecurity: '账号与安全',
  logout: '退出登录',
  logoutConfirm: '确定要退出登录吗？',
  logoutConfirmButton: '退出',
  cancel: '取消',
  loggedOut: '已退出登录',
  login: '登录',
  register: '注册',
  visitorHint: '登录后可收藏、点赞，记录跨设备同步',
  userFailed: '账号信息加载失败',
  retry: '重试',
  /** `{date}` is YYYY-MM-DD. */
  vipUntil: 'VIP有效期至 {date}',
  vipEnded: 'VIP已于 {date} 到期',
  tabsLabel: '我的作品',
  tabCollect: '收藏',
  tabLike: '喜欢',
  tabHistory: '历史',
  loginToSeeFollows: '登录后查看关注的新作、想看和看过',
  foldersLabel: '收藏夹',
  allFolders: '全部',
  foldersFailed: '收藏夹加载失败',
  loginToSeeCollect: '登录后查看您收藏的作品',
  loginToSeeLike: '登录后查看您喜欢的作品',
  goLogin: '去登录',
  collectEmpty: '还没有收藏作品',
  collectFolderEmpty: '这个收藏夹还是空的',
  likeEmpty: '还没有喜欢的作品',
  historyEmpty: '还没有浏览记录',
  emptyHint: '去看看作品吧',
  browse: '去逛逛',
  total: (count: number) => `共 ${count} 部`,
  cloudDownloads: '我的云下载',
  loginToSeeCloud: '登录后查看您的云下载请求',
  cloudEmpty: '还没有云下载请求',
  cloudEmptyHint: `VIP会员可在作品详情页点「${CLOUD_STATE_TEXT.cloudDownload}」提交`,
  // The states as the work's page words them: one spelling for both places.
  cloudRequested: CLOUD_STATE_TEXT.cloudRequested,
  cloudDone: CLOUD_STATE_TEXT.cloudDone,
  cloudRequestedAt: (time: string) => `申请时间 ${time}`,
  cloudDoneAt: (time: string) => `完成时间 ${time}`,
} as const;

/** "VIP有效期至 2026-12-31" or "VIP已于 2025-01-01 到期". */
export function vipText(kind: 'active' | 'ended', date: string): string {
  return (kind === 'active' ? MEMBER_TEXT.vipUntil : MEMBER_TEXT.vipEnded).replace('{date}', date);
}
