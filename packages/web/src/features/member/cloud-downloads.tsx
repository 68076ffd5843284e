import type { CloudDownloadRow } from '@yingku/contract';
import { Popup, Skeleton, Tag } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { CircleCheckIcon, ClockIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { UI_TEXT } from '../../app/texts';
import sheet from '../../components/popup-sheet/popup-sheet.module.css';
import { ErrorBlock } from '../../components/error-block/error-block';
import { cloudListFooter, cloudRequestView } from './cloud-downloads-model';
import { useCloudDownloadPages } from './library-queries';
import { LoginPrompt } from './login-prompt';
import type { Viewer } from './member-model';
import { MEMBER_TEXT } from './texts';
import styles from './cloud-downloads.module.css';
import pageStyles from './member-page.module.css';

export interface CloudDownloadsPopupProps {
  visible: boolean;
  onClose: () => void;
  viewer: Viewer;
  userId: string | undefined;
}

/**
 * 我的云下载: a bottom sheet over the member center listing the caller's cloud-download requests
 * (docs/product.md §7 /web/cloud/file/list), newest first, each with its work, its state (处理中 / 已完成)
 * and its times. A visitor sees the login prompt the collect and like tabs show. The list loads
 * when the sheet opens.
 */
export function CloudDownloadsPopup({ visible, onClose, viewer, userId }: CloudDownloadsPopupProps) {
  const titleId = useId();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      showCloseButton
      bodyClassName={`${sheet.body} ${styles.body}`}
      aria-labelledby={titleId}
    >
      <header className={sheet.header}>
        <h2 id={titleId} className={sheet.title}>
          {MEMBER_TEXT.cloudDownloads}
        </h2>
      </header>
      <div className={styles.content} data-testid="cloud-downloads">
        {visible && <CloudDownloadsContent viewer={viewer} userId={userId} />}
      </div>
    </Popup>
  );
}

function CloudDownloadsContent({ viewer, userId }: Pick<CloudDownloadsPopupProps, 'viewer' | 'userId'>) {
  if (viewer === 'loading') return <Skeleton.Paragraph lineCount={4} animated />;
  if (viewer === 'error') {
    return (
      <ErrorBlock
        status="default"
        title={MEMBER_TEXT.userFailed}
        description=""
        className={pageStyles.state}
      />
    );
  }
  if (viewer === 'visitor' || !userId) return <LoginPrompt text={MEMBER_TEXT.loginToSeeCloud} />;
  // The key starts the list afresh if another user logs in.
  return <CloudDownloadList key={userId} userId={userId} />;
}

function CloudDownloadList({ userId }: { userId: string }) {
  const query = useCloudDownloadPages(userId);
  const pages = query.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.rows);

  if (query.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (query.isError && pages.length === 0) {
    return (
      <ErrorBlock status="default" title={UI_TEXT.listFailed} description="" className={pageStyles.state}>
        <Button size="small" onClick={() => void query.refetch()}>
          {UI_TEXT.retry}
        </Button>
      </ErrorBlock>
    );
  }
  if (rows.length === 0) {
    return (
      <ErrorBlock
        status="empty"
        title={MEMBER_TEXT.cloudEmpty}
        description={MEMBER_TEXT.cloudEmptyHint}
        className={pageStyles.state}
        data-testid="cloud-empty"
      />
    );
  }
  const footer = cloudListFooter({
    pages: pages.length,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMoreFailed: query.isFetchNextPageError,
  });
  const loadMore = () => {
    if (!query.isFetchingNextPage) void query.fetchNextPage();
  };
  return (
    <>
      <div className={styles.total}>{MEMBER_TEXT.total(pages.at(-1)?.total ?? rows.length)}</div>
      {/* role="list": a list styled without bullets loses its role in Safari's VoiceOver. */}
      <ul role="list" className={styles.list} aria-label={MEMBER_TEXT.cloudDownloads}>
        {rows.map((row) => (
          <CloudRequestItem key={row.id} row={row} />
        ))}
      </ul>
      {footer !== 'none' && (
        <div className={pageStyles.footer}>
          {footer === 'noMore' ? (
            <span className={pageStyles.noMore} data-testid="no-more">
              {UI_TEXT.noMore}
            </span>
          ) : footer === 'retry' ? (
            <Button size="small" onClick={loadMore} data-testid="load-more-retry">
              {UI_TEXT.retry}
            </Button>
          ) : (
            <Button size="small" loading={footer === 'loading'} onClick={loadMore} data-testid="load-more">
              {footer === 'loading' ? UI_TEXT.loadingMore : UI_TEXT.loadMore}
            </Button>
          )}
        </div>
      )}
    </>
  );
}

function CloudRequestItem({ row }: { row: CloudDownloadRow }) {
  const view = cloudRequestView(row);
  const done = view.state === 'done';
  return (
    <li className={styles.item} data-request-id={row.id} data-status={row.status}>
      <Link to={view.href} className={styles.work}>
        {row.number && <span className={styles.number}>{row.number}</span>}
        <span className={styles.title}>{row.title}</span>
      </Link>
      <Tag color={done ? 'success' : 'warning'} fill="outline" className={styles.state}>
        {done ? <CircleCheckIcon aria-hidden="true" /> : <ClockIcon aria-hidden="true" />}
        {view.stateLabel}
      </Tag>
      <div className={styles.times}>
        <span>{MEMBER_TEXT.cloudRequestedAt(view.requestedAt)}</span>
        {view.doneAt && <span>{MEMBER_TEXT.cloudDoneAt(view.doneAt)}</span>}
      </div>
    </li>
  );
}
