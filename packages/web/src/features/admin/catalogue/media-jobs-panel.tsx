import { type MediaRow, type MediaStatus, STAFF_PAGE_SIZE } from '@yingku/contract';
import { Button } from '../../../components/button/button';
import { useState } from 'react';
import { shownTime } from '../admin-model';
import { useMediaJobs } from '../admin-queries';
import { FilterSelect, Pager, Panel, QueryState, StatusTag, Table } from '../console-parts';
import { ADMIN_TEXT } from '../texts';
import { MediaButtons, ProgressMeter } from './media-list';
import { VideoDialog } from './video-dialog';
import { formatBytes, MEDIA_STATUS_OPTIONS, mediaPercent, mediaStatusTag } from './video-model';
import styles from '../admin.module.css';
import videoStyles from './videos.module.css';

/**
 * 视频任务: the videos of every work, most recently changed first, narrowed by status; polled
 * while one on the page is on its way. 查看 opens the work's 视频 dialog.
 */
export function MediaJobsPanel() {
  const [status, setStatus] = useState<MediaStatus | ''>('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<MediaRow>();
  const jobs = useMediaJobs({ status: status || undefined, pageNum: page });

  return (
    <Panel
      title={ADMIN_TEXT.mediaJobsHeading}
      testId="media-jobs"
      extra={
        <FilterSelect
          label={ADMIN_TEXT.statusFilter}
          value={status}
          options={MEDIA_STATUS_OPTIONS}
          onChange={(value) => {
            setStatus(value as MediaStatus | '');
            setPage(1);
          }}
        />
      }
    >
      <QueryState status={jobs.status} data={jobs.data} onRetry={jobs.refetch}>
        {(data) => (
          <>
            <Table testId="media-jobs-table">
              <thead>
                <tr>
                  <th>{ADMIN_TEXT.colNumber}</th>
                  <th>{ADMIN_TEXT.colVideo}</th>
                  <th>{ADMIN_TEXT.colStatus}</th>
                  <th>{ADMIN_TEXT.colProgress}</th>
                  <th>{ADMIN_TEXT.colUpdated}</th>
                  <th>{ADMIN_TEXT.colActions}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.id} data-media={row.id} data-status={row.status}>
                    <td className={styles.mono}>{row.number ?? row.workId}</td>
                    <td className={styles.wrap}>
                      {row.sourceName || ADMIN_TEXT.none}
                      <div className={styles.weak}>{formatBytes(row.sourceBytes)}</div>
                    </td>
                    <td>
                      <StatusTag view={mediaStatusTag(row)} />
                    </td>
                    <td className={videoStyles.progressCell}>
                      <ProgressMeter label={ADMIN_TEXT.colProgress} percent={mediaPercent(row)} small />
                    </td>
                    <td>{shownTime(row.updateTime)}</td>
                    <td>
                      <div className={styles.toolbar}>
                        <Button size="mini" fill="outline" onClick={() => setOpen(row)}>
                          {ADMIN_TEXT.showReport}
                        </Button>
                        <MediaButtons row={row} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <Pager page={page} total={data.total} pageSize={STAFF_PAGE_SIZE.staffWorks} onChange={setPage} />
          </>
        )}
      </QueryState>
      {open && (
        <VideoDialog
          work={{ id: open.workId, number: open.number ?? open.workId }}
          onClose={() => setOpen(undefined)}
        />
      )}
    </Panel>
  );
}
