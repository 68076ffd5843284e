import { MOD_NAME, type WorkMark } from '@yingku/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/button/button';
import { entityListPath } from '../../app/list-paths';
import { UI_TEXT } from '../../app/texts';
import { followsKeys } from '../follows/follows-keys';
import {
  loadFollowsApi,
  setFollow,
  useFeedPages,
  useFollowedPages,
  useMarkedPages,
} from '../follows/follows-queries';
import { FOLLOW_TEXT } from '../follows/texts';
import followStyles from '../follows/follows.module.css';
import { fromPages, MemberWorks } from './member-works';
import styles from './member-page.module.css';

const SECTIONS = ['feed', 'follows', 'want', 'watched'] as const;
type Section = (typeof SECTIONS)[number];
const SECTION_TITLE: Record<Section, string> = {
  feed: FOLLOW_TEXT.feed,
  follows: FOLLOW_TEXT.follows,
  want: FOLLOW_TEXT.want,
  watched: FOLLOW_TEXT.watched,
};
const parseSection = (value: string | null): Section =>
  (SECTIONS as readonly string[]).includes(value ?? '') ? (value as Section) : 'feed';

/**
 * 关注 (decision 045): the feed of the followed entities' works (opening it resets the 我的 badge),
 * the followed list with 取消关注, and the 想看 and 看过 lists. The section lives in the address
 * (`?sub=`), as the tab does.
 */
export function FollowsTab({ userId }: { userId: string }) {
  const [query, setQuery] = useSearchParams();
  const section = parseSection(query.get('sub'));
  const choose = (next: Section) =>
    setQuery(
      (prev) => {
        const params = new URLSearchParams(prev);
        params.set('sub', next);
        return params;
      },
      { replace: true },
    );
  return (
    <>
      <div className={styles.folders} role="group" aria-label={FOLLOW_TEXT.sectionsLabel}>
        {SECTIONS.map((key) => (
          <button
            key={key}
            type="button"
            className={styles.folder}
            aria-pressed={key === section}
            onClick={() => choose(key)}
            data-testid={`follows-section-${key}`}
          >
            {SECTION_TITLE[key]}
          </button>
        ))}
      </div>
      {section === 'feed' && <FeedList userId={userId} />}
      {section === 'follows' && <FollowedList userId={userId} />}
      {(section === 'want' || section === 'watched') && (
        <MarkedList key={section} userId={userId} mark={section} />
      )}
    </>
  );
}

/** The feed, newest first; once its first page is in, the badge's count starts again. */
function FeedList({ userId }: { userId: string }) {
  const pages = useFeedPages(userId);
  const queryClient = useQueryClient();
  const loaded = pages.isSuccess;
  useEffect(() => {
    if (!loaded) return;
    void loadFollowsApi()
      .then((api) => api.feedSeen())
      .then(() => queryClient.setQueryData(followsKeys.feedNew(), 0))
      .catch(() => undefined);
  }, [loaded, queryClient]);
  return <MemberWorks list={fromPages(pages)} emptyText={FOLLOW_TEXT.feedEmpty} name="feed" uncounted />;
}

function MarkedList({ userId, mark }: { userId: string; mark: WorkMark }) {
  const pages = useMarkedPages(userId, mark);
  const empty = mark === 'want' ? FOLLOW_TEXT.wantEmpty : FOLLOW_TEXT.watchedEmpty;
  return <MemberWorks list={fromPages(pages)} emptyText={empty} name={mark} />;
}

/** The followed performers, makers, series and directors, newest first, each with 取消关注. */
function FollowedList({ userId }: { userId: string }) {
  const pages = useFollowedPages(userId);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  if (pages.isPending) return null;
  const rows = pages.data?.pages.flatMap((page) => page.rows) ?? [];
  if (rows.length === 0) {
    return (
      <p className={styles.state} data-testid="follows-empty">
        {FOLLOW_TEXT.followsEmpty}
        <br />
        {FOLLOW_TEXT.followHint}
      </p>
    );
  }
  const unfollow = (kind: (typeof rows)[number]['kind'], id: string) => {
    setBusy(`${kind}:${id}`);
    setFollow(queryClient, kind, id, false)
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };
  return (
    <section data-testid="follows-list">
      <ul className={followStyles.entities}>
        {rows.map((row) => {
          const href =
            entityListPath(row.kind, row.modName, row.id) ?? entityListPath(row.kind, MOD_NAME[1], row.id);
          return (
            <li key={`${row.kind}:${row.id}`} className={followStyles.entity}>
              <Link to={href ?? '#'} className={followStyles.entityLink}>
                <span className={followStyles.entityName}>{row.nameCn || row.name}</span>
                <span className={followStyles.entityKind}>{FOLLOW_TEXT.kind[row.kind]}</span>
              </Link>
              <Button
                size="small"
                className={followStyles.toggle}
                loading={busy === `${row.kind}:${row.id}`}
                onClick={() => unfollow(row.kind, row.id)}
              >
                {FOLLOW_TEXT.unfollow}
              </Button>
            </li>
          );
        })}
      </ul>
      {pages.hasNextPage && (
        <div className={styles.footer}>
          <Button size="small" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
            {UI_TEXT.loadMore}
          </Button>
        </div>
      )}
    </section>
  );
}
