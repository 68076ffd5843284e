import { type ModName, PAGE_SIZE, type WorkSort } from '@yingku/contract';
import { CapsuleTabs } from 'antd-mobile';
import { Tabs } from '../../components/tabs/tabs';
import { useSearchParams } from 'react-router';
import { ChannelHeader } from '../../components/channel-header/channel-header';
import { useWorksPages } from '../../components/work-list/use-works-pages';
import { WorkList } from '../../components/work-list/work-list';
import { parseRanking, rankingDates, rankingParams, rankingSorts } from './channel-params';
import { ListToolbar } from './list-toolbar';
import styles from './channel-page.module.css';
import rankingStyles from './ranking-page.module.css';
import { CHANNEL_TEXT } from './texts';

const SORT_TITLE: Record<WorkSort, string> = {
  pubTime: CHANNEL_TEXT.sortPubTime,
  collect: CHANNEL_TEXT.sortCollect,
  evaluates: CHANNEL_TEXT.sortEvaluates,
  average: CHANNEL_TEXT.sortAverage,
};

/**
 * `/top`, `/top/uncensored`, `/top/western` (docs/product.md §2, §9): ranking tabs, then date chips (not on
 * the latest-release tab, which looks at all time). The choice lives in the query string
 * (`?sort=collect&date=90`), so it survives a visit to a work and back.
 */
export function RankingPage({ modName }: { modName: ModName }) {
  const [query, setQuery] = useSearchParams();
  const choice = parseRanking(modName, query.get('sort'), query.get('date'));
  const pages = useWorksPages(rankingParams(modName, choice), PAGE_SIZE.ranking);
  const update = (key: 'sort' | 'date', value: string) =>
    setQuery(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return (
    <div className={styles.page}>
      <ChannelHeader modName={modName} active="top" />
      <Tabs activeKey={choice.sort} onChange={(key) => update('sort', key)} className={styles.tabs}>
        {rankingSorts(modName).map((sort) => (
          <Tabs.Tab key={sort} title={SORT_TITLE[sort]} />
        ))}
      </Tabs>
      {choice.sort !== 'pubTime' && (
        <div className={rankingStyles.dates} role="group" aria-label={CHANNEL_TEXT.rankingDatesLabel}>
          <CapsuleTabs activeKey={String(choice.date)} onChange={(key) => update('date', key)}>
            {rankingDates(modName).map((days) => (
              <CapsuleTabs.Tab key={String(days)} title={CHANNEL_TEXT.dateWindow(days)} />
            ))}
          </CapsuleTabs>
        </div>
      )}
      <div className={styles.body}>
        <ListToolbar total={pages.total} />
        <WorkList pages={pages} />
      </div>
    </div>
  );
}
