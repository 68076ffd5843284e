import { MOD_NAMES, MSG, PAGE_SIZE } from '@yingku/contract';
import { useQuery } from '@tanstack/react-query';
import { Tabs } from '../../components/tabs/tabs';
import { useParams, useSearchParams } from 'react-router';
import { ChannelHeader } from '../../components/channel-header/channel-header';
import { useWorksPages } from '../../components/work-list/use-works-pages';
import { WorkList } from '../../components/work-list/work-list';
import { parseSearchTab, SEARCH_TABS, type SearchTab, searchKeyword, searchParams } from './channel-params';
import { EntityMatches } from './entity-matches';
import { entityMatchesOptions } from './entity-matches-query';
import { ListToolbar } from './list-toolbar';
import styles from './channel-page.module.css';
import { CHANNEL_TEXT } from './texts';
import { ErrorBlock } from '../../components/error-block/error-block';

const TAB_TITLE: Record<SearchTab, string> = {
  all: CHANNEL_TEXT.searchAll,
  ...Object.fromEntries(MOD_NAMES.map((modName) => [modName, CHANNEL_TEXT.searchOnly(modName)])),
} as Record<SearchTab, string>;

/**
 * `/search/{keyword}` (docs/product.md §2, §5): results in every channel or one, newest first, under the
 * performers, makers… the keyword names (decision 043). A keyword outside 1–32 characters shows the
 * info text of docs/product.md §5 and asks the API nothing.
 */
export function SearchPage() {
  const { keyword: raw = '' } = useParams();
  const keyword = searchKeyword(raw);
  const [query, setQuery] = useSearchParams();
  const tab = parseSearchTab(query.get('tab'));
  const selectTab = (key: string) =>
    setQuery(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (parseSearchTab(key) === 'all') next.delete('tab');
        else next.set('tab', key);
        return next;
      },
      { replace: true },
    );
  return (
    <div className={styles.page}>
      {/* Keyed by the route keyword, so the box follows back and forward navigation. */}
      <ChannelHeader key={raw} modName={tab === 'all' ? 'censored' : tab} active="" keyword={raw} />
      {keyword === null ? (
        <ErrorBlock status="empty" title={MSG.keywordInfo} description="" />
      ) : (
        <>
          <Tabs activeKey={tab} onChange={selectTab} className={styles.tabs}>
            {SEARCH_TABS.map((key) => (
              <Tabs.Tab key={key} title={TAB_TITLE[key]} />
            ))}
          </Tabs>
          <SearchResults keyword={keyword} tab={tab} />
        </>
      )}
    </div>
  );
}

function SearchResults({ keyword, tab }: { keyword: string; tab: SearchTab }) {
  const pages = useWorksPages(searchParams(keyword, tab), PAGE_SIZE.search);
  const matches = useQuery(entityMatchesOptions(keyword, tab === 'all' ? undefined : tab));
  // The works wait for the matches above them, which would otherwise push them down on arrival.
  const settled = !matches.isPending;
  return (
    <div className={styles.body}>
      <EntityMatches matches={matches.data ?? []} />
      <ListToolbar total={settled ? pages.total : undefined} />
      <WorkList pages={settled ? pages : { ...pages, pending: true }} />
    </div>
  );
}
