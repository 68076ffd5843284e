import { imageUrl, STAFF_PAGE_SIZE, type StaffWorkRow, type StaffWorkUpdateBody } from '@yingku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog, Tag, Toast } from 'antd-mobile';
import { Button } from '../../../components/button/button';
import { useState } from 'react';
import { adminApi, type WriteBody } from '../../../api/admin';
import { runtimeConfig } from '../../../api/runtime-config';
import { adminKeys } from '../admin-keys';
import { useStaffWorks } from '../admin-queries';
import { Pager, Panel, QueryState, SearchBox, StatusTag, Table } from '../console-parts';
import { ADMIN_TEXT } from '../texts';
import { channelLabel, workOnlineTag } from './catalogue-model';
import { uploadPercent } from './upload-model';
import { VideoDialog } from './video-dialog';
import { useVideoUpload } from './video-upload';
import styles from '../admin.module.css';
import catalogueStyles from './catalogue.module.css';
import { withDialogName } from '../../../components/feedback/dialog-name';

/**
 * 作品: every work, hidden ones too, newest first; found by number in any spelling or by id.
 * Each row turns online viewing on or off and hides or shows the work (hiding asks first), and
 * opens its videos for those who may manage them.
 */
export function WorksPanel({ canManageMedia }: { canManageMedia: boolean }) {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const works = useStaffWorks({ keyword: keyword || undefined, pageNum: page });

  return (
    <Panel
      title={ADMIN_TEXT.worksHeading}
      testId="works"
      extra={
        <SearchBox
          placeholder={ADMIN_TEXT.workSearch}
          onSearch={(text) => {
            setKeyword(text);
            setPage(1);
          }}
        />
      }
    >
      <QueryState status={works.status} data={works.data} onRetry={works.refetch}>
        {(data) => (
          <>
            <Table testId="works-table">
              <thead>
                <tr>
                  <th>{ADMIN_TEXT.colCover}</th>
                  <th>{ADMIN_TEXT.colNumber}</th>
                  <th>{ADMIN_TEXT.colTitle}</th>
                  <th>{ADMIN_TEXT.colMod}</th>
                  <th>{ADMIN_TEXT.colPubTime}</th>
                  <th>{ADMIN_TEXT.colOnline}</th>
                  <th>{ADMIN_TEXT.colVisibility}</th>
                  <th>{ADMIN_TEXT.colActions}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((work) => (
                  <WorkRow key={work.id} work={work} canManageMedia={canManageMedia} />
                ))}
              </tbody>
            </Table>
            <Pager page={page} total={data.total} pageSize={STAFF_PAGE_SIZE.staffWorks} onChange={setPage} />
          </>
        )}
      </QueryState>
    </Panel>
  );
}

function WorkRow({ work, canManageMedia }: { work: StaffWorkRow; canManageMedia: boolean }) {
  const update = useWorkUpdate(work);
  const [videosOpen, setVideosOpen] = useState(false);
  const upload = useVideoUpload(work.id);
  const toggleHidden = async () => {
    if (!work.hidden) {
      const confirmed = await Dialog.confirm(
        withDialogName({
          content: ADMIN_TEXT.hideConfirm(work.number),
          confirmText: ADMIN_TEXT.hide,
          cancelText: ADMIN_TEXT.cancel,
        }),
      );
      if (!confirmed) return;
    }
    update.mutate({
      body: { hidden: !work.hidden },
      done: work.hidden ? ADMIN_TEXT.unhidden : ADMIN_TEXT.hidden,
    });
  };
  const online = work.isOnline === 1;

  return (
    <tr data-work={work.id} data-number={work.number} data-hidden={work.hidden}>
      <td>
        <img
          className={catalogueStyles.thumb}
          src={imageUrl(work.picSmall, runtimeConfig().imageHost)}
          alt=""
          loading="lazy"
        />
      </td>
      <td className={styles.mono}>
        {/* The front page's detail, in a new tab: to check what visitors see. */}
        <a href={`/${work.modName}/${work.id}`} target="_blank" rel="noreferrer">
          {work.number}
        </a>
        <div className={styles.weak}>{work.id}</div>
      </td>
      <td className={styles.wrap}>{work.title}</td>
      <td>{channelLabel(work.modName)}</td>
      <td>{work.pubTime}</td>
      <td>
        <StatusTag view={workOnlineTag(work.isOnline)} />
        {/* An upload goes on with its dialog closed: the row says so. */}
        {upload && (
          <div className={styles.weak} data-testid="row-upload">
            {ADMIN_TEXT.uploadingPercent(uploadPercent(upload.bytesSent, upload.bytesTotal))}
          </div>
        )}
      </td>
      <td>
        <Tag color={work.hidden ? 'danger' : 'success'} fill="outline" data-testid="visibility">
          {work.hidden ? ADMIN_TEXT.hiddenTag : ADMIN_TEXT.visible}
        </Tag>
      </td>
      <td>
        <div className={styles.toolbar}>
          {canManageMedia && (
            <Button size="mini" color="primary" fill="outline" onClick={() => setVideosOpen(true)}>
              {ADMIN_TEXT.videos}
            </Button>
          )}
          <Button
            size="mini"
            fill="outline"
            disabled={update.isPending}
            onClick={() =>
              update.mutate({
                body: { isOnline: online ? 0 : 1 },
                done: online ? ADMIN_TEXT.onlineOffDone : ADMIN_TEXT.onlineOnDone,
              })
            }
          >
            {online ? ADMIN_TEXT.onlineOff : ADMIN_TEXT.onlineOn}
          </Button>
          <Button
            size="mini"
            color={work.hidden ? 'primary' : 'danger'}
            fill="outline"
            disabled={update.isPending}
            onClick={() => void toggleHidden()}
          >
            {work.hidden ? ADMIN_TEXT.unhide : ADMIN_TEXT.hide}
          </Button>
        </div>
        {videosOpen && <VideoDialog work={work} onClose={() => setVideosOpen(false)} />}
      </td>
    </tr>
  );
}

/** Sends a change of one work, says it is done and asks the list again; a refusal is the client's toast. */
function useWorkUpdate(work: StaffWorkRow) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { body: WriteBody<StaffWorkUpdateBody>; done: string }) =>
      adminApi.updateWork(work.id, change.body),
    onSuccess: async (_answer, { done }) => {
      Toast.show({ icon: 'success', content: done });
      await queryClient.invalidateQueries({ queryKey: adminKeys.works });
    },
  });
}
