import { Skeleton } from 'antd-mobile';
import { Tabs } from '../../components/tabs/tabs';
import { useSearchParams } from 'react-router';
import { LoginPrompt } from './login-prompt';
import { CollectList, HistoryList, LikeList } from './member-lists';
import { type MemberTab, parseTab, tabContent, type Viewer } from './member-model';
import styles from './member-page.module.css';
import { MEMBER_TEXT } from './texts';
import { ErrorBlock } from '../../components/error-block/error-block';

const TAB_TITLE: Record<MemberTab, string> = {
  collect: MEMBER_TEXT.tabCollect,
  like: MEMBER_TEXT.tabLike,
  history: MEMBER_TEXT.tabHistory,
};

const LOGIN_PROMPT: Record<MemberTab, string> = {
  collect: MEMBER_TEXT.loginToSeeCollect,
  like: MEMBER_TEXT.loginToSeeLike,
  history: '',
};

export interface MemberTabsProps {
  viewer: Viewer;
  userId: string | undefined;
}

/**
 * 收藏 / 喜欢 / 历史 (SPEC §2). The open tab lives in the address (`?tab=like`), so it survives a
 * visit to a work and back. antd-mobile draws a tab's content the first time it opens and keeps
 * it, so the like list loads on first open and not again on each switch.
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
      {(['collect', 'like', 'history'] as const).map((tab) => (
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
  return tab === 'collect' ? (
    <CollectList key={userId} userId={userId} />
  ) : (
    <LikeList key={userId} userId={userId} />
  );
}
