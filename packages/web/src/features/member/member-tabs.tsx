import { Skeleton } from 'antd-mobile';
import { lazy, Suspense } from 'react';
import { Tabs } from '../../components/tabs/tabs';
import { useSearchParams } from 'react-router';
import { LoginPrompt } from './login-prompt';
import { CollectList, HistoryList, LikeList } from './member-lists';
import { FOLLOW_TEXT } from '../follows/texts';
import { MEMBER_TABS, type MemberTab, parseTab, tabContent, type Viewer } from './member-model';
import styles from './member-page.module.css';
import { MEMBER_TEXT } from './texts';
import { ErrorBlock } from '../../components/error-block/error-block';

// 关注 loads when first opened: the member center's first screen is 收藏.
const FollowsTab = lazy(async () => ({ default: (await import('./follows-tab')).FollowsTab }));

const TAB_TITLE: Record<MemberTab, string> = {
  collect: MEMBER_TEXT.tabCollect,
  like: MEMBER_TEXT.tabLike,
  history: MEMBER_TEXT.tabHistory,
  follows: FOLLOW_TEXT.tabFollow,
};

const LOGIN_PROMPT: Record<MemberTab, string> = {
  collect: MEMBER_TEXT.loginToSeeCollect,
  like: MEMBER_TEXT.loginToSeeLike,
  history: '',
  follows: MEMBER_TEXT.loginToSeeFollows,
};

export interface MemberTabsProps {
  viewer: Viewer;
  userId: string | undefined;
}

/**
 * 收藏 / 喜欢 / 历史 (docs/product.md §2) and 关注 (decision 045: follows, their feed, 想看 and 看过). The open tab lives
 * in the address (`?tab=like`), so it survives a visit to a work and back. antd-mobile draws a tab's content
 * the first time it opens and keeps it, so the like list loads on first open and not again on each switch.
 */
export function MemberTabs({ viewer, userId }: MemberTabsProps) {
  const [query, setQuery] = useSearchParams();
  const active = parseTab(query.get('tab'));
  const open = (key: string) =>
    setQuery(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', parseTab(key));
        return next;
      },
      { replace: true },
    );

  return (
    <Tabs activeKey={active} onChange={open} className={styles.tabs}>
      {MEMBER_TABS.map((tab) => (
        <Tabs.Tab key={tab} title={TAB_TITLE[tab]}>
          <div className={styles.tabBody} data-testid={`tab-${tab}`}>
            <TabBody tab={tab} viewer={viewer} userId={userId} />
          </div>
        </Tabs.Tab>
      ))}
    </Tabs>
  );
}

function TabBody({ tab, viewer, userId }: { tab: MemberTab } & MemberTabsProps) {
  const content = tabContent(tab, viewer);
  if (content === 'loading') return <Skeleton.Paragraph lineCount={4} animated />;
  if (content === 'login') {
    return viewer === 'error' ? (
      <ErrorBlock status="default" title={MEMBER_TEXT.userFailed} description="" className={styles.state} />
    ) : (
      <LoginPrompt text={LOGIN_PROMPT[tab]} />
    );
  }
  if (tab === 'history') return <HistoryList />;
  // A member always has an id here; the key starts the lists afresh if another user logs in.
  if (!userId) return null;
  if (tab === 'follows') {
    return (
      <Suspense fallback={<Skeleton.Paragraph lineCount={4} animated />}>
        <FollowsTab key={userId} userId={userId} />
      </Suspense>
    );
  }
  return tab === 'collect' ? (
    <CollectList key={userId} userId={userId} />
  ) : (
    <LikeList key={userId} userId={userId} />
  );
}
