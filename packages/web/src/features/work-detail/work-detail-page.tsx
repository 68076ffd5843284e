import { MSG } from '@yingku/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Skeleton } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { Tabs } from '../../components/tabs/tabs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { PATHS } from '../../app/paths';
import { showToast } from '../../components/feedback/lazy-feedback';
import { backWay, isValidDetailId } from './detail-id';
import { DetailsTab } from './details-tab';
import { DETAIL_TEXT } from './texts';
import { useGoBack } from './use-go-back';
import { seedWorkDetail, workDetailOptions } from './work-detail-query';
import { toHistoryEntry } from './work-detail-model';
import { recordHistory } from '../../session/history';
import styles from './work-detail-page.module.css';
import { ErrorBlock } from '../../components/error-block/error-block';
import { BackBar } from '../../components/back-bar/back-bar';

// The magnets tab (with the API calls and zod schemas it uses) loads when first opened, not with
// the detail's first screen (decision 028).
const MagnetList = lazy(async () => ({ default: (await import('../magnets/magnet-list')).MagnetList }));
/** The stills grid, fetched when the tab is first opened (decision 035): most visits never do. */
const StillsTab = lazy(async () => ({ default: (await import('./stills-tab')).StillsTab }));
/** Members' ratings and reviews (decision 044), with their texts and calls, when the tab is opened. */
const ReviewsTab = lazy(async () => ({ default: (await import('./reviews/reviews-tab')).ReviewsTab }));

/** `/censored/{id}`, `/uncensored/{id}`, `/western/{id}`: one work (docs/product.md §2 "Work detail"). */
export function WorkDetailPage() {
  const { id } = useParams();
  const goBack = useGoBack();
  return (
    <div className={styles.page}>
      <BackBar className={styles.navBar} onBack={goBack}>
        {DETAIL_TEXT.pageTitle}
      </BackBar>
      {isValidDetailId(id) ? <WorkDetail key={id} id={id} /> : <BadDetailId />}
    </div>
  );
}

/** A too-short id (docs/product.md §5): says so and goes back. */
function BadDetailId() {
  const navigate = useNavigate();
  useEffect(() => {
    showToast({ icon: 'fail', content: MSG.badDetailId });
    const way = backWay(window.history.state, window.history.length);
    // A toast survives navigation inside the app; leaving for another document would hide it
    // at once, so that waits until it has been read. The timers also undo StrictMode's rehearsal.
    const timer = window.setTimeout(
      () => {
        if (way === 'home') void navigate(PATHS.home, { replace: true });
        else void navigate(-1);
      },
      way === 'document' ? 1500 : 0,
    );
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <>
      <PageHeading />
      <ErrorBlock status="default" title={MSG.badDetailId} description="" className={styles.state} />
    </>
  );
}

/** The page's h1 until the work's number (the details tab's h1) is there: loading, failed, bad id. */
function PageHeading() {
  return <h1 className="visually-hidden">{DETAIL_TEXT.pageTitle}</h1>;
}

type TabKey = 'details' | 'magnets' | 'stills' | 'reviews';

function WorkDetail({ id }: { id: string }) {
  const queryClient = useQueryClient();
  // Once, before the query first reads the cache: the detail the page came with, if any.
  useState(() => seedWorkDetail(queryClient, id));
  const detail = useQuery(workDetailOptions(id));
  const [tab, setTab] = useState<TabKey>('details');
  const navigate = useNavigate();

  useEffect(() => {
    if (detail.data) recordHistory(toHistoryEntry(detail.data.data));
  }, [detail.data]);

  if (detail.isPending) {
    return (
      <div className={styles.loading} data-state="loading">
        <PageHeading />
        <Skeleton className={styles.coverSkeleton} animated />
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  if (detail.isError) {
    // The client has already shown the server's message (e.g. 作品不存在) in a toast.
    const missing =
      detail.error instanceof ApiError && (detail.error.code === 404 || detail.error.code === 400);
    return (
      <>
        <PageHeading />
        <ErrorBlock
          status={missing ? 'empty' : 'default'}
          title={missing ? DETAIL_TEXT.notFoundTitle : DETAIL_TEXT.loadFailed}
          description={missing ? DETAIL_TEXT.notFoundText : ''}
          className={styles.state}
          data-state={missing ? 'not-found' : 'error'}
        >
          {missing ? (
            <Button color="primary" onClick={() => void navigate(PATHS.home)}>
              {DETAIL_TEXT.backHome}
            </Button>
          ) : (
            <Button onClick={() => void detail.refetch()}>{DETAIL_TEXT.retry}</Button>
          )}
        </ErrorBlock>
      </>
    );
  }

  const work = detail.data.data;
  return (
    <>
      {/* The number is the details tab's h1; on the other tabs that one is hidden, so this stands in. */}
      {tab !== 'details' && <h1 className="visually-hidden">{work.number || DETAIL_TEXT.pageTitle}</h1>}
      <Tabs activeKey={tab} onChange={(key) => setTab(key as TabKey)} className={styles.tabs}>
        <Tabs.Tab key="details" title={DETAIL_TEXT.tabDetails}>
          <DetailsTab detail={detail.data} />
        </Tabs.Tab>
        {/* antd-mobile renders a tab's content when it is first opened: the magnets load then. */}
        <Tabs.Tab key="magnets" title={DETAIL_TEXT.tabMagnets}>
          {work.number ? (
            <Suspense fallback={<Skeleton.Paragraph lineCount={4} animated />}>
              <MagnetList number={work.number} />
            </Suspense>
          ) : (
            <ErrorBlock status="empty" title={DETAIL_TEXT.noNumber} description="" />
          )}
        </Tabs.Tab>
        <Tabs.Tab key="stills" title={DETAIL_TEXT.tabStills}>
          <Suspense fallback={<Skeleton.Paragraph lineCount={4} animated />}>
            <StillsTab work={work} />
          </Suspense>
        </Tabs.Tab>
        <Tabs.Tab key="reviews" title={DETAIL_TEXT.tabReviews}>
          <Suspense fallback={<Skeleton.Paragraph lineCount={4} animated />}>
            <ReviewsTab work={work} />
          </Suspense>
        </Tabs.Tab>
      </Tabs>
    </>
  );
}
