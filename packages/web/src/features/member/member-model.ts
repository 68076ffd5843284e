import { type CollectFolder, GUEST_LEVEL, PAGE_SIZE } from '@yingku/contract';
import type { CurrentUser } from '../../session/current-user';

/** The member center's tabs (docs/product.md §2): collect, like, history. */
export const MEMBER_TABS = ['collect', 'like', 'history', 'follows'] as const;
export type MemberTab = (typeof MEMBER_TABS)[number];

/** The tab named in the query string (`?tab=like`); collect when absent or unknown. */
export function parseTab(value: string | null): MemberTab {
  return (MEMBER_TABS as readonly string[]).includes(value ?? '') ? (value as MemberTab) : 'collect';
}

/** Who is looking at the page: still asking the server, a visitor, a member, or getInfo failed. */
export type Viewer = 'loading' | 'visitor' | 'member' | 'error';

/**
 * The viewer from the current-user query. A failed getInfo after which the client has cleared
 * the tokens (a refresh that failed) is a visitor; with tokens still held it is an error to retry.
 */
export function viewerOf(
  query: { data: CurrentUser | null | undefined; isPending: boolean; isError: boolean },
  hasSession: boolean,
): Viewer {
  if (query.data) return 'member';
  if (query.isError) return hasSession ? 'error' : 'visitor';
  if (query.isPending) return 'loading';
  return 'visitor';
}

/** What a tab shows: its list, a log-in prompt (collect and like need an account), or a wait. */
export function tabContent(tab: MemberTab, viewer: Viewer): 'list' | 'login' | 'loading' {
  if (tab === 'history') return 'list';
  if (viewer === 'member') return 'list';
  if (viewer === 'loading') return 'loading';
  return 'login';
}

export interface UserCardModel {
  name: string | null;
  groupName: string;
  levelId: number;
  avatar: string;
  vip: { kind: 'active' | 'ended'; date: string } | null;
}

/**
 * What the user card shows: the user's name and group, or the guest default (游客, level 0,
 * docs/product.md §2) with no name for a visitor; the VIP end date when one is set.
 */
export function userCardModel(user: CurrentUser | null, now: Date = new Date()): UserCardModel {
  if (!user) {
    return {
      name: null,
      groupName: GUEST_LEVEL.groupName,
      levelId: GUEST_LEVEL.levelId,
      avatar: '',
      vip: null,
    };
  }
  return {
    name: user.user.userName,
    groupName: user.level.groupName,
    levelId: user.level.levelId,
    avatar: user.user.avatar,
    vip: vipStatus(user.user.vipUntil, now),
  };
}

/**
 * `vipUntil` (`YYYY-MM-DD HH:mm:ss`, Asia/Shanghai, the server's wording) as the date to show
 * and whether it is still ahead; null when unset or unreadable.
 */
export function vipStatus(vipUntil: string | null, now: Date): UserCardModel['vip'] {
  const match = vipUntil?.match(/^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)/);
  if (!match) return null;
  const [, date, time] = match as unknown as [string, string, string];
  const end = Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}+08:00`);
  if (Number.isNaN(end)) return null;
  return { kind: end > now.getTime() ? 'active' : 'ended', date };
}

/**
 * Below this total a tab shows no load-more control (docs/product.md §2: "when the total is at least 10").
 */
export const LOAD_MORE_MIN_TOTAL = 10;

/** The line under a list: nothing, load-more (idle or loading), a retry, or the no-more text. */
export type ListFooter = 'none' | 'loadMore' | 'loading' | 'retry' | 'noMore';

export function listFooter(state: {
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
}): ListFooter {
  if (state.total < LOAD_MORE_MIN_TOTAL) return 'none';
  if (state.loadMoreFailed) return 'retry';
  if (!state.hasMore) return 'noMore';
  return state.loadingMore ? 'loading' : 'loadMore';
}

/** The first `pages` pages of the local history, 10 a page (docs/product.md §9), and whether more remain. */
export function historyPage<T>(entries: readonly T[], pages: number, pageSize: number = PAGE_SIZE.history) {
  const rows = entries.slice(0, Math.max(1, pages) * pageSize);
  return { rows, total: entries.length, hasMore: rows.length < entries.length };
}

/**
 * The folder the collect list is filtered by: the `?cate=` id when it is one of the user's
 * folders, else none (全部) — a folder deleted elsewhere or a hand-typed id falls back to all.
 */
export function selectedFolderId(
  folders: readonly Pick<CollectFolder, 'cateId'>[] | undefined,
  cateParam: string | null,
): string | undefined {
  if (!cateParam || !folders) return undefined;
  return folders.some((folder) => folder.cateId === cateParam) ? cateParam : undefined;
}
