import { CLOUD_DOWNLOAD_STATUS, STAFF_PAGE_SIZE, type StaffDownloadRow } from '@yingku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { Button } from '../../../components/button/button';
import { useState } from 'react';
import { adminApi } from '../../../api/admin';
import { downloadStatusTag, openableLink, shownTime } from '../admin-model';
import { adminKeys } from '../admin-keys';
import { useStaffDownloads } from '../admin-queries';
import { FilterSelect, Pager, Panel, QueryState, StatusTag, Table } from '../console-parts';
import { ADMIN_TEXT } from '../texts';
import styles from '../admin.module.css';

const STATUS_OPTIONS = [
  { value: '', label: ADMIN_TEXT.all },
  { value: '0', label: ADMIN_TEXT.downloadRequested },
  { value: '1', label: ADMIN_TEXT.downloadDone },
] as const;
type StatusFilter = (typeof STATUS_OPTIONS)[number]['value'];

/**
 * 云下载: VIPs' requests to have a title fetched to the site's storage, those still to do first
 * (oldest first, the server's order). Staff fetch it by their own means, then 标记完成: the user
 * sees 已完成 on the work's page.
 */
export function DownloadsSection() {
  const [status, setStatus] = useState<StatusFilter>('');
  const [page, setPage] = useState(1);
  const downloads = useStaffDownloads({ status: status || undefined, pageNum: page });

  return (
    <Panel
      title={ADMIN_TEXT.downloadsHeading}
      testId="downloads"
      extra={
        <FilterSelect
          label={ADMIN_TEXT.colStatus}
          value={status}
          options={STATUS_OPTIONS}
          onChange={(value) => {
            setStatus(value as StatusFilter);
            setPage(1);
          }}
        />
      }
    >
      <QueryState status={downloads.status} data={downloads.data} onRetry={downloads.refetch}>
        {(data) => (
          <>
            <Table testId="downloads-table">
              <thead>
                <tr>
                  <th>{ADMIN_TEXT.colStatus}</th>
                  <th>{ADMIN_TEXT.colNumber}</th>
                  <th>{ADMIN_TEXT.colTitle}</th>
                  <th>{ADMIN_TEXT.colRequester}</th>
                  <th>{ADMIN_TEXT.colUrl}</th>
                  <th>{ADMIN_TEXT.colRequested}</th>
                  <th>{ADMIN_TEXT.colDone}</th>
                  <th>{ADMIN_TEXT.colDoneBy}</th>
                  <th>{ADMIN_TEXT.colActions}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <DownloadRow key={row.id} row={row} />
                ))}
              </tbody>
            </Table>
            <Pager
              page={page}
              total={data.total}
              pageSize={STAFF_PAGE_SIZE.staffDownloads}
              onChange={setPage}
            />
          </>
        )}
      </QueryState>
    </Panel>
  );
}

function DownloadRow({ row }: { row: StaffDownloadRow }) {
  const queryClient = useQueryClient();
  const done = row.status === CLOUD_DOWNLOAD_STATUS.done;
  const link = openableLink(row.url);
  // A refusal is shown by the client.
  const markDone = useMutation({
    mutationFn: () => adminApi.markDownloadDone(row.id),
    onSuccess: async () => {
      Toast.show({ icon: 'success', content: ADMIN_TEXT.markedDone });
      await queryClient.invalidateQueries({ queryKey: adminKeys.downloads });
    },
  });

  return (
    <tr data-download={row.id} data-number={row.number} data-status={row.status}>
      <td>
        <StatusTag view={downloadStatusTag(row.status)} />
      </td>
      <td className={styles.mono}>{row.number}</td>
      <td className={styles.wrap}>{row.title}</td>
      <td>
        {row.userName}
        <div className={`${styles.weak} ${styles.mono}`}>{row.userId}</div>
      </td>
      <td className={styles.wrap}>
        {link ? (
          <a href={link} target="_blank" rel="noreferrer noopener">
            {row.url}
          </a>
        ) : (
          row.url || ADMIN_TEXT.none
        )}
      </td>
      <td>{shownTime(row.createTime)}</td>
      <td>{shownTime(row.doneTime)}</td>
      <td>{row.doneBy ?? ADMIN_TEXT.none}</td>
      <td>
        {!done && (
          <Button
            size="mini"
            color="primary"
            fill="outline"
            loading={markDone.isPending}
            onClick={() => markDone.mutate()}
          >
            {ADMIN_TEXT.markDone}
          </Button>
        )}
      </td>
    </tr>
  );
}
