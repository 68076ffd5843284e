import { GUEST_LEVEL, PAGE_SIZE } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../session/current-user';
import {
  historyPage,
  listFooter,
  LOAD_MORE_MIN_TOTAL,
  parseTab,
  selectedFolderId,
  tabContent,
  userCardModel,
  viewerOf,
  vipStatus,
} from './member-model';
import { vipText } from './texts';

const member = (vipUntil: string | null = null, levelId = 1, groupName = '普通会员'): CurrentUser => ({
  user: { userId: '7', userName: 'reader01', avatar: '', email: 'reader01@example.test', vipUntil },
  level: { levelId, groupName, groupLevel: levelId },
  roles: [],
  permissions: [],
});

describe('parseTab', () => {
  it('reads the three tabs and falls back to collect', () => {
    expect(parseTab('like')).toBe('like');
    expect(parseTab('history')).toBe('history');
    expect(parseTab('collect')).toBe('collect');
    expect(parseTab(null)).toBe('collect');
    expect(parseTab('orders')).toBe('collect');
    expect(parseTab('')).toBe('collect');
  });
});

describe('viewerOf', () => {
  const query = (data: CurrentUser | null | undefined, isPending = false, isError = false) => ({
    data,
    isPending,
    isError,
  });

  it('is a member with user data, a visitor with none', () => {
    expect(viewerOf(query(member()), true)).toBe('member');
    expect(viewerOf(query(null), false)).toBe('visitor');
  });

  it('waits while getInfo is being asked', () => {
    expect(viewerOf(query(undefined, true), true)).toBe('loading');
  });

  it('treats a failed getInfo as a visitor once the tokens are gone, else as an error to retry', () => {
    expect(viewerOf(query(undefined, false, true), false)).toBe('visitor');
    expect(viewerOf(query(undefined, false, true), true)).toBe('error');
  });
});

describe('tabContent', () => {
  it('shows history to everyone', () => {
    for (const viewer of ['visitor', 'member', 'loading', 'error'] as const) {
      expect(tabContent('history', viewer)).toBe('list');
    }
  });

  it('asks visitors to log in for collect and like, and lists them for members', () => {
    expect(tabContent('collect', 'visitor')).toBe('login');
    expect(tabContent('like', 'visitor')).toBe('login');
    expect(tabContent('collect', 'member')).toBe('list');
    expect(tabContent('like', 'member')).toBe('list');
    expect(tabContent('like', 'loading')).toBe('loading');
    expect(tabContent('collect', 'error')).toBe('login');
  });
});

describe('userCardModel', () => {
  it('gives a visitor the guest default: 游客, level 0, no name', () => {
    expect(userCardModel(null)).toEqual({
      name: null,
      groupName: GUEST_LEVEL.groupName,
      levelId: 0,
      avatar: '',
      vip: null,
    });
    expect(GUEST_LEVEL.groupName).toBe('游客');
  });

  it("shows a member's name and group, and the VIP end date when set", () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(userCardModel(member(), now)).toMatchObject({
      name: 'reader01',
      groupName: '普通会员',
      vip: null,
    });
    expect(userCardModel(member('2026-12-31 23:59:59', 2, 'VIP会员'), now)).toMatchObject({
      groupName: 'VIP会员',
      levelId: 2,
      vip: { kind: 'active', date: '2026-12-31' },
    });
  });
});

describe('vipStatus', () => {
  it('reads the end as Asia/Shanghai time', () => {
    // 2026-01-01 08:00 in Shanghai is midnight UTC.
    expect(vipStatus('2026-01-01 08:00:00', new Date('2025-12-31T23:59:59Z'))?.kind).toBe('active');
    expect(vipStatus('2026-01-01 08:00:00', new Date('2026-01-01T00:00:01Z'))?.kind).toBe('ended');
    expect(vipStatus('2026-01-01T08:00', new Date('2025-01-01T00:00:00Z'))).toEqual({
      kind: 'active',
      date: '2026-01-01',
    });
  });

  it('ignores an unset or unreadable date', () => {
    expect(vipStatus(null, new Date())).toBeNull();
    expect(vipStatus('soon', new Date())).toBeNull();
    expect(vipStatus('2026-13-45 99:99:99', new Date())).toBeNull();
  });

  it('words both cases', () => {
    expect(vipText('active', '2026-12-31')).toBe('VIP有效期至 2026-12-31');
    expect(vipText('ended', '2025-01-01')).toBe('VIP已于 2025-01-01 到期');
  });
});

describe('listFooter', () => {
  const state = { total: 30, hasMore: true, loadingMore: false, loadMoreFailed: false };

  it('shows nothing below a total of 10 (docs/product.md §2)', () => {
    expect(LOAD_MORE_MIN_TOTAL).toBe(10);
    expect(listFooter({ ...state, total: 9 })).toBe('none');
    expect(listFooter({ ...state, total: 0, hasMore: false })).toBe('none');
  });

  it('offers load-more from 10 on while more remain, then the no-more text', () => {
    expect(listFooter({ ...state, total: 10 })).toBe('loadMore');
    expect(listFooter({ ...state, loadingMore: true })).toBe('loading');
    expect(listFooter({ ...state, hasMore: false })).toBe('noMore');
    expect(listFooter({ ...state, total: 10, hasMore: false })).toBe('noMore');
  });

  it('offers a retry when a further page failed', () => {
    expect(listFooter({ ...state, loadMoreFailed: true })).toBe('retry');
  });
});

describe('historyPage', () => {
  const entries = Array.from({ length: 23 }, (_, i) => i);

  it('shows 10 a page and says whether more remain', () => {
    expect(PAGE_SIZE.history).toBe(10);
    expect(historyPage(entries, 1)).toEqual({ rows: entries.slice(0, 10), total: 23, hasMore: true });
    expect(historyPage(entries, 2).rows).toHaveLength(20);
    expect(historyPage(entries, 3)).toEqual({ rows: entries, total: 23, hasMore: false });
    expect(historyPage(entries, 9).rows).toHaveLength(23);
  });

  it('is finished when empty or exactly one page', () => {
    expect(historyPage([], 1)).toEqual({ rows: [], total: 0, hasMore: false });
    expect(historyPage(entries.slice(0, 10), 1).hasMore).toBe(false);
  });

  it('never shows less than the first page', () => {
    expect(historyPage(entries, 0).rows).toHaveLength(10);
  });
});

describe('selectedFolderId', () => {
  const folders = [{ cateId: '11' }, { cateId: '12' }];

  it("filters by one of the user's folders", () => {
    expect(selectedFolderId(folders, '12')).toBe('12');
  });

  it('falls back to all for no choice, an unknown folder, or folders not yet loaded', () => {
    expect(selectedFolderId(folders, null)).toBeUndefined();
    expect(selectedFolderId(folders, '99')).toBeUndefined();
    expect(selectedFolderId(undefined, '12')).toBeUndefined();
  });
});
